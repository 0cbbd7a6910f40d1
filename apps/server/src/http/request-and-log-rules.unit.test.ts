import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './accept-encoding.ts';
import { classifyDatabaseError } from './errors.ts';
import { describeBadInput, findBadInput, findBadQuery } from './input-guard.ts';
import { maskPersonalData, safeError } from './log-safety.ts';

describe('the input guard', () => {
  it('names where bad text is, never what it holds', () => {
    const bad = findBadInput({ p_name: 'ok', p_list: ['fine', 'nul\u0000here'] });
    expect(bad).toEqual({ path: 'p_list.1', problem: 'must not contain a NUL character' });
    expect(describeBadInput(bad!)).toBe('p_list.1 must not contain a NUL character');
  });

  it('refuses a lone surrogate but keeps a real pair (an emoji)', () => {
    expect(findBadInput({ p_name: 'rocket \uD83D\uDE80' })).toBeNull();
    expect(findBadInput({ p_name: 'half \uD83D' })?.problem).toBe('must be valid Unicode text');
  });

  it('names a top-level parameter before anything nested in another one', () => {
    expect(findBadInput({ a: { b: { c: 'x\u0000' } }, z: 'y\u0000' })?.path).toBe('z');
  });

  it('stops deep nesting without exhausting the stack', () => {
    let value: unknown = 'leaf';
    for (let depth = 0; depth < 100_000; depth += 1) value = [value];
    expect(findBadInput({ p: value })?.problem).toBe('is nested too deeply');
  });

  it('takes each query parameter once, as a single value', () => {
    expect(findBadQuery({ token: 'abc' })).toBeNull();
    expect(findBadQuery({ token: ['a', 'b'] })).toEqual({ path: 'token', problem: 'must be given once, as a single value' });
  });
});

describe('the encoding of a page', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', 'identity'],
    [undefined, 'identity'],
  ] as const)('Accept-Encoding %s gives %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('what a database error answers', () => {
  const withState = (code: string) => Object.assign(new Error('db'), { code });

  it('blames the request for bad values and the server for a full disk or a busy moment', () => {
    expect(classifyDatabaseError(withState('22P02'))).toEqual({ status: 400, state: '22P02' });
    expect(classifyDatabaseError(withState('53100'))).toEqual({ status: 503, state: '53100', storageFull: true });
    expect(classifyDatabaseError(withState('53300'))).toEqual({ status: 503, state: '53300', storageFull: false });
    expect(classifyDatabaseError(withState('23505'))).toBeNull();
    expect(classifyDatabaseError(new Error('no state'))).toBeNull();
  });
});

describe('what reaches the log', () => {
  it('masks e-mail addresses and phone-like numbers', () => {
    expect(maskPersonalData('550 no such user grace@example.org, call +27 82 123 4567')).toBe('550 no such user [e-mail], call [number]');
  });

  it('keeps a database error to its SQLSTATE and schema names, never its values', () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint: (email)=(grace@example.org)'), {
      code: '23505',
      severity: 'ERROR',
      table: 'users',
      constraint: 'users_email_key',
      params: ['grace@example.org'],
    });
    const logged = safeError(error);
    expect(logged).toMatchObject({ type: 'DatabaseError', message: 'database error 23505', table: 'users', constraint: 'users_email_key' });
    expect(JSON.stringify(logged)).not.toContain('grace');
  });
});
