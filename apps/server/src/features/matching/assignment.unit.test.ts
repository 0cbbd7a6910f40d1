import { describe, expect, it } from 'vitest';
import { solveAssignment, type AssignmentInput } from './assignment.ts';

/* The builder's optimisation against known optima: hand-made cases and an exhaustive search on small random ones. */

function bestByTrying(input: AssignmentInput): number {
  const fit = new Map(input.pairs.map((pair) => [`${pair.person}:${pair.role}`, pair.fit]));
  const left = [...input.capacities];
  let best = 0;
  const visit = (person: number, total: number) => {
    if (person === input.people) {
      best = Math.max(best, total);
      return;
    }
    visit(person + 1, total);
    for (let role = 0; role < left.length; role += 1) {
      const value = fit.get(`${person}:${role}`);
      if (value === undefined || left[role] === 0) continue;
      left[role]! -= 1;
      visit(person + 1, total + value);
      left[role]! += 1;
    }
  };
  visit(0, 0);
  return best;
}

function checkCapacities(input: AssignmentInput, roleOf: Int32Array): void {
  const used = new Array<number>(input.capacities.length).fill(0);
  roleOf.forEach((role, person) => {
    if (role < 0) return;
    used[role]! += 1;
    expect(input.pairs.some((pair) => pair.person === person && pair.role === role)).toBe(true);
  });
  used.forEach((count, role) => expect(count).toBeLessThanOrEqual(input.capacities[role]!));
}

describe('team builder assignment', () => {
  it('moves the first person to their second choice when that lets a second person in (greedy would not)', () => {
    const input: AssignmentInput = {
      people: 2,
      capacities: [1, 1],
      pairs: [
        { person: 0, role: 0, fit: 3 },
        { person: 0, role: 1, fit: 2 },
        { person: 1, role: 0, fit: 3 },
      ],
      budgetMs: 10_000,
    };
    const result = solveAssignment(input);
    expect(Array.from(result.roleOf)).toEqual([1, 0]);
    expect(result.totalFit).toBe(5);
    expect(result.stoppedEarly).toBe(false);
  });

  it('respects capacity: three people who all fit one role with two places, the weakest stays out', () => {
    const input: AssignmentInput = {
      people: 3,
      capacities: [2],
      pairs: [
        { person: 0, role: 0, fit: 1 },
        { person: 1, role: 0, fit: 4 },
        { person: 2, role: 0, fit: 3 },
      ],
      budgetMs: 10_000,
    };
    const result = solveAssignment(input);
    expect(Array.from(result.roleOf)).toEqual([-1, 0, 0]);
    expect(result.totalFit).toBe(7);
  });

  it('finds the optimum of 300 small random cases', () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    for (let round = 0; round < 300; round += 1) {
      const people = 1 + random(6);
      const capacities = Array.from({ length: 1 + random(4) }, () => random(3));
      const pairs: AssignmentInput['pairs'][number][] = [];
      for (let person = 0; person < people; person += 1)
        for (let role = 0; role < capacities.length; role += 1) if (random(3) > 0) pairs.push({ person, role, fit: 1 + random(9) });
      const input = { people, capacities, pairs, budgetMs: 10_000 };
      const result = solveAssignment(input);
      checkCapacities(input, result.roleOf);
      expect(result.totalFit).toBe(bestByTrying(input));
    }
  });

  it('stops when the time budget is spent, keeping what it placed', () => {
    let clock = 0;
    const input: AssignmentInput = {
      people: 3,
      capacities: [3],
      pairs: [0, 1, 2].map((person) => ({ person, role: 0, fit: 2 })),
      budgetMs: 1,
      now: () => clock++,
    };
    const result = solveAssignment(input);
    expect(result.stoppedEarly).toBe(true);
    expect(result.reached).toBeLessThan(3);
    expect(result.totalFit).toBe(2 * result.reached);
  });
});
