import type { Mission } from '@mc/contract';
import { createMission as createMissionAs } from './factories.ts';
import type { TestServer, TestUser } from './harness.ts';

export { makeLeader, UNKNOWN_ID } from './factories.ts';

/** A new person (Grace Hopper unless named) who creates a mission through the procedure, optionally with team members. */
export function createMission(
  server: TestServer,
  options: { name?: string; memberIds?: string[]; firstName?: string; lastName?: string } = {},
): Promise<{ owner: TestUser; mission: Mission }> {
  return createMissionAs(
    server,
    { p_name: options.name ?? 'Clean Water', p_member_ids: options.memberIds ?? [] },
    { firstName: options.firstName ?? 'Grace', lastName: options.lastName ?? 'Hopper' },
  );
}
