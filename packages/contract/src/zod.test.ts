import { afterEach, describe, expect, it } from 'vitest';
import { z } from './zod.ts';
import { procedureParams } from './procedures.ts';

const RealFunction = globalThis.Function;

describe('zod as the contract loads it', () => {
  afterEach(() => {
    globalThis.Function = RealFunction;
  });

  it('is jitless, and builds and parses object schemas without evaluating code', () => {
    expect(z.config().jitless).toBe(true);
    const made: unknown[] = [];
    // A Function constructor that records being called: zod's probe and fast parsers would call it.
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        made.push(args);
        return Reflect.construct(target, args) as object;
      },
      apply(target, thisArg, args) {
        made.push(args);
        return Reflect.apply(target, thisArg, args) as unknown;
      },
    });
    const schema = z.strictObject({ name: z.string(), tags: z.array(z.object({ id: z.number() })) });
    for (let run = 0; run < 3; run += 1) expect(schema.parse({ name: 'a', tags: [{ id: run }] })).toEqual({ name: 'a', tags: [{ id: run }] });
    expect(procedureParams.get_all_missions.safeParse({}).success).toBe(true);
    expect(made).toEqual([]);
  });
});
