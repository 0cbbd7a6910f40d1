import { describe, expect, it } from 'vitest';
import { firstRow, RpcError, toRpcError } from './rpcError';

describe('toRpcError', () => {
  it('carries the database message of a P0001 business error', () => {
    const error = toRpcError('toggle_mission_vote', { code: 'P0001', message: 'Mission not found' });
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('P0001');
    expect(error.message).toBe('Mission not found');
    expect(error.isBusinessError).toBe(true);
  });

  it('says "Database error" for a P0001 without a message', () => {
    expect(toRpcError('create_mission', { code: 'P0001', message: '' }).message).toBe('Database error');
  });

  it('keeps other errors as they are', () => {
    const error = toRpcError('get_all_missions', { code: '42501', message: 'Not allowed', details: 'd', hint: null });
    expect(error.code).toBe('42501');
    expect(error.message).toBe('Not allowed');
    expect(error.details).toBe('d');
    expect(error.isBusinessError).toBe(false);
  });
});

describe('firstRow', () => {
  it('takes the first row of a list, the value of a single answer, null when empty', () => {
    expect(firstRow([{ a: 1 }, { a: 2 }])).toEqual({ a: 1 });
    expect(firstRow('voted')).toBe('voted');
    expect(firstRow([])).toBeNull();
    expect(firstRow(null)).toBeNull();
    expect(firstRow(undefined)).toBeNull();
  });
});
