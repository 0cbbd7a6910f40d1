import { describe, expect, it } from 'vitest';
import { paths, returnPathFrom } from './paths';

describe('paths', () => {
  it('builds the routes of docs/product.md', () => {
    expect(paths.mission('m 1')).toBe('/mission/m%201');
    expect(paths.createMission()).toBe('/create-mission');
    expect(paths.createMission('abc')).toBe('/create-mission?edit=abc');
    expect(paths.myMission()).toBe('/view-my-mission');
  });
});

describe('returnPathFrom', () => {
  it('returns to the protected location the visitor wanted', () => {
    expect(returnPathFrom({ from: { pathname: '/mission/1', search: '?x=1', hash: '' } })).toBe('/mission/1?x=1');
  });

  it('goes to the dashboard otherwise, and never off-site', () => {
    expect(returnPathFrom(null)).toBe('/dashboard');
    expect(returnPathFrom({ from: { pathname: '//evil.example' } })).toBe('/dashboard');
    expect(returnPathFrom({ from: { pathname: 'https://evil.example' } })).toBe('/dashboard');
    expect(returnPathFrom({ from: { pathname: '/signin' } })).toBe('/dashboard');
  });
});
