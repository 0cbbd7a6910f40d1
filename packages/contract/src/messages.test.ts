import { describe, expect, it } from 'vitest';
import { SIGNIN_MESSAGE_TEXTS, SIGNUP_MESSAGE_TEXTS } from './messages.ts';
import { SIGNIN_MESSAGES, SIGNUP_MESSAGES } from './signup.ts';

describe('zod-free message texts', () => {
  it('are the same texts as signup.ts', () => {
    expect(SIGNIN_MESSAGE_TEXTS).toEqual(SIGNIN_MESSAGES);
    expect(SIGNUP_MESSAGE_TEXTS).toEqual(SIGNUP_MESSAGES);
  });
});
