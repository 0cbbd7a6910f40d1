import { describePartChange, MISSION_FIELD_LABELS, type MissionField, type NotificationKind, type PartChange } from '@mc/contract';

/**
 * What a notification says, word for word (docs/product.md#notifications). The bell and the
 * e-mail both show this sentence, so it is written here once. Every value in it was read for the
 * reader: a mission they may no longer see comes as null (and so do the people of its team).
 */
export interface NotificationFacts {
  kind: NotificationKind;
  /** The event behind it: member_added and member_removed both make team_changed for followers. */
  event_kind: string;
  mission_name: string | null;
  actor_name: string | null;
  person_name: string | null;
  fields: string[];
  milestone: number | null;
  reason: string | null;
  /** The role a request or invitation is for, and which of the two it was ('ask' or 'invite'). */
  role: string | null;
  request_kind: string | null;
  /** The voting round a revealed result belongs to. */
  round_name: string | null;
  /** A programme change alert: the organisers' note and the reader's starred parts that changed. */
  programme_note: string | null;
  programme_changes: PartChange[];
  announcement_title: string | null;
  announcement_body: string | null;
  reminder_parts: { title: string; startTime: string; room?: string }[];
}

const UNSEEN_MISSION = 'a mission you can no longer see';

function joinWords(words: string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

function fieldWords(fields: string[]): string {
  const known = fields.filter((field): field is MissionField => Object.hasOwn(MISSION_FIELD_LABELS, field));
  return joinWords(known.map((field) => MISSION_FIELD_LABELS[field].toLowerCase())) || 'details';
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function describeNotification(facts: NotificationFacts): string {
  const mission = facts.mission_name === null ? UNSEEN_MISSION : `“${facts.mission_name}”`;
  const actor = facts.actor_name ?? 'Someone';
  const person = facts.person_name ?? 'Someone';
  switch (facts.kind) {
    case 'mission_changed':
      return `${actor} changed the ${fieldWords(facts.fields)} of ${mission}.`;
    case 'team_changed':
      return facts.event_kind === 'member_removed' ? `${person} left the team of ${mission}.` : `${person} joined the team of ${mission}.`;
    case 'votes_milestone':
      return `${capitalised(mission)} passed ${facts.milestone ?? 0} votes.`;
    case 'added_to_team':
      return `${actor} added you to the team of ${mission}.`;
    case 'removed_from_team':
      return `${actor} removed you from the team of ${mission}.`;
    case 'team_member_joined':
      return `${actor} added ${person} to your team ${mission}.`;
    case 'mission_hidden':
      return facts.mission_name === null
        ? `The organisers hid ${UNSEEN_MISSION}.`
        : `The organisers hid your mission “${facts.mission_name}”. Reason: ${facts.reason ?? ''}`;
    case 'mission_unhidden':
      return facts.mission_name === null
        ? `The organisers unhid ${UNSEEN_MISSION}.`
        : `The organisers unhid your mission “${facts.mission_name}”: everyone can see it again.`;
    case 'join_requested':
      return `${actor} asks to join ${mission} as ${facts.role ?? 'a team member'}.`;
    case 'invited_to_team':
      return `${actor} invites you to join ${mission} as ${facts.role ?? 'a team member'}.`;
    case 'round_revealed':
      return `The result of “${facts.round_name ?? 'a voting round'}” is revealed. See the ranking and check your receipts.`;
    case 'programme_changed': {
      const starred = facts.programme_changes.length === 1 ? 'a part you starred' : `${facts.programme_changes.length} parts you starred`;
      const changes = facts.programme_changes.map(describePartChange).join('. ');
      return `The programme changed for ${starred}: ${changes}. The organisers' note: “${facts.programme_note ?? ''}”`;
    }
    case 'announcement':
      return `From the organisers: “${facts.announcement_title ?? ''}”. ${facts.announcement_body ?? ''}`;
    case 'session_reminder': {
      const parts = facts.reminder_parts.map((part) => `“${part.title}” at ${part.startTime}${part.room ? ` in ${part.room}` : ''}`);
      return `Starting in 10 minutes: ${parts.join(', ')}.`;
    }
    case 'request_declined':
      return `${actor} declined ${facts.request_kind === 'invite' ? 'the invitation to join' : 'your request to join'} ${mission}.${facts.reason ? ` Reason: ${facts.reason}` : ''}`;
  }
}
