import { describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '@mc/contract/moderation.ts';
import { i18n } from '../i18n/i18n';
import { messages as appEnglish } from '../i18n/locales/app/en.po';
import { firstRow, invalidRequestMessage, serverTroubleMessage, OFFLINE_CODE, offlineMessage, outcomeUnknown, RpcError, toRpcError } from './rpcError';

// The signed-in app's English, where these messages live, as its layout loads it.
i18n.load('en', appEnglish);

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

describe("toRpcError in people's words", () => {
  it("turns a refused parameter into a sentence, keeping the server's text in details", () => {
    const error = toRpcError('get_mission_details', { code: '22023', message: 'Invalid parameter p_mission_id: Invalid UUID' });
    expect(error.message).toBe(invalidRequestMessage());
    expect(error.message).not.toMatch(/p_mission_id|UUID/);
    expect(error.details).toBe('Invalid parameter p_mission_id: Invalid UUID');
  });

  it("keeps the organisers' time zone message, which is about what they typed", () => {
    expect(toRpcError('save_programme_settings', { code: '22023', message: MODERATION_MESSAGES.badTimeZone }).message).toBe(MODERATION_MESSAGES.badTimeZone);
  });

  it('reads a request the network layer refused or lost as offline, outcome unknown', () => {
    const error = toRpcError('toggle_mission_vote', { code: '', message: 'NetworkUnavailableError: The network is not answering.' });
    expect(error.code).toBe(OFFLINE_CODE);
    expect(error.message).toBe(offlineMessage());
    expect(outcomeUnknown(error)).toBe(true);
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

describe('an error without a message', () => {
  it("is a sentence for the person, never the procedure's name", () => {
    const error = toRpcError('get_all_missions', { code: '500', message: '' });
    expect(error.message).toBe(serverTroubleMessage());
    expect(error.message).not.toContain('get_all_missions');
    expect(error.details).toBe('get_all_missions failed');
  });
});
