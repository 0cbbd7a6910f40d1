import { describe, expect, it } from 'vitest';
import { dayShiftOf, describeDayShift, onlyShifted, type PartChange, type PartFacts } from './programmeVersions.ts';

/** A shift of the whole programme told in one line (docs/product.md#a-published-schedule). */

const part = (date: string, startTime = '09:00', room = 'Hall A'): PartFacts => ({ title: 'Talk', date, startTime, endTime: '09:30', room, speakers: [] });
const moved = (partId: string, before: PartFacts, after: PartFacts): PartChange => ({ partId, kinds: ['moved'], before, after });

describe('a shift of every part', () => {
  const shifted = [moved('a', part('2025-12-06'), part('2025-11-29')), moved('b', part('2025-12-07'), part('2025-11-30'))];

  it('is found when every part moved by the same days, and said in one line', () => {
    const shift = dayShiftOf(shifted, 2);
    expect(shift).toEqual({ from: { first: '2025-12-06', last: '2025-12-07' }, to: { first: '2025-11-29', last: '2025-11-30' } });
    expect(describeDayShift(shift!)).toBe('All parts moved from 6–7 Dec to 29–30 Nov');
    expect(shifted.every((change) => onlyShifted(change, shift))).toBe(true);
  });

  it('says the days across a month, and keeps a part that also changed its time as its own line', () => {
    const across = [moved('a', part('2025-12-06'), part('2025-11-30')), moved('b', part('2025-12-07', '10:00'), part('2025-12-01', '11:00'))];
    const shift = dayShiftOf(across, 2);
    expect(describeDayShift(shift!)).toBe('All parts moved from 6–7 Dec to 30 Nov–1 Dec');
    expect(across.map((change) => onlyShifted(change, shift))).toEqual([true, false]);
  });

  it('is no shift when a part stayed, parts moved by different days, or one part only moved', () => {
    expect(dayShiftOf(shifted, 3)).toBeNull();
    expect(dayShiftOf([shifted[0]!, moved('b', part('2025-12-07'), part('2025-12-01'))], 2)).toBeNull();
    expect(dayShiftOf([shifted[0]!], 1)).toBeNull();
    expect(
      dayShiftOf([moved('a', part('2025-12-06'), part('2025-12-06', '10:00')), moved('b', part('2025-12-07'), part('2025-12-07', '10:00'))], 2),
    ).toBeNull();
    expect(onlyShifted(shifted[0]!, null)).toBe(false);
  });

  it('counts new parts out: the parts in both versions all moved', () => {
    const added: PartChange = { partId: 'c', kinds: ['new'], before: null, after: part('2025-11-29') };
    expect(dayShiftOf([...shifted, added], 3)).not.toBeNull();
  });
});
