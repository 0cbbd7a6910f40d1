import type { Mission, MissionList } from './procedures.ts';

/**
 * A person's mission list put together from get_mission_list's two parts, the list everyone shares
 * and their own marks: the same missions, order and fields get_all_missions answers them
 * (docs/product.md#get_mission_list). The shared part is the same bytes for everyone at a moment,
 * so the server compresses it once instead of once per person.
 */
export function personalMissionList({ missions: shared, marks }: MissionList): Mission[] {
  const voted = new Set(marks.voted);
  const subscribed = new Set(marks.subscribed);
  const hidden = new Set(marks.hidden.map((mission) => mission.mission_id));
  const missions = shared
    .filter((mission) => !hidden.has(mission.mission_id))
    .map((mission) => {
      const isVoted = voted.has(mission.mission_id);
      const isSubscribed = subscribed.has(mission.mission_id);
      return isVoted || isSubscribed ? { ...mission, is_voted: isVoted, is_subscribed: isSubscribed } : mission;
    });
  if (marks.hidden.length === 0) return missions;
  return [...missions, ...marks.hidden].sort(listOrder);
}

/** Newest first, then by id: created_at is fixed-width UTC text, so comparing the text compares the moments. */
function listOrder(a: Mission, b: Mission): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.mission_id < b.mission_id ? -1 : a.mission_id > b.mission_id ? 1 : 0;
}
