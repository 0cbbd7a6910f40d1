import { describe, expect, it } from 'vitest';
import { LIVE_SOCKET_PATH } from './live.ts';
import { QUESTIONS_SOCKET_PATH, questionsTopic } from './questions.ts';

describe('questions on the live channel', () => {
  it('use the live channel’s one address, and a topic per part', () => {
    expect(QUESTIONS_SOCKET_PATH).toBe(LIVE_SOCKET_PATH);
    expect(questionsTopic('s1p2')).toBe('questions:s1p2');
  });
});
