import { describePartChange, MISSION_FIELD_LABELS, type MissionField, type NotificationKind, type PartChange, type Wording } from '@mc/contract';
import type { ServerLanguage } from '../../i18n/language.ts';
import { SERVER_LOCALES, translate, wordingIn } from '../../i18n/translate.ts';

/**
 * What a notification says, word for word (docs/product.md#notifications). The bell and the
 * e-mail both show this sentence, so it is written here once: in English, and through the
 * catalogue (i18n/) in its reader's language (the request's for the bell the reader asks for, the
 * account's for a bell pushed on the live channel and for the e-mail). Every value in it was read
 * for the reader: a mission they may no longer see comes as null (and so do the people of its team).
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
  /** An update's title (mission_update), or null once it is deleted or hidden. */
  update_title?: string | null;
  /** A mission started from a question (question_became_mission): the question while everyone may see it, and whether the reader asked it. */
  question_body?: string | null;
  question_mine?: boolean;
  /** The role a request or invitation is for, and which of the two it was ('ask' or 'invite'). */
  role: string | null;
  request_kind: string | null;
  /**
   * An invitation the organisers' team builder proposed: the mission's owners' names and the
   * skills the person wrote that the role wants (null for an owner's own invitation).
   */
  proposal_owners?: string | null;
  proposal_skills?: string | null;
  /** The voting round a revealed result belongs to. */
  round_name: string | null;
  /** A programme change alert: the organisers' note and the reader's starred parts that changed. */
  programme_note: string | null;
  programme_changes: PartChange[];
  announcement_title: string | null;
  announcement_body: string | null;
  reminder_parts: { title: string; startTime: string; room?: string }[];
}

/**
 * The fields' names in lower case, as a list in the reader's language ("statement and core
 * message"); "details" when none is known.
 */
function fieldWords(fields: string[], language: ServerLanguage, wording: Wording): string {
  const known = fields.filter((field): field is MissionField => Object.hasOwn(MISSION_FIELD_LABELS, field));
  const names = known.map((field) => translate(MISSION_FIELD_LABELS[field], language).toLowerCase());
  return listOf(names, language) || wording.say('details');
}

const lists = new Map<ServerLanguage, Intl.ListFormat>();

/** "a, b and c": in English as it always was, in another language by its own rule (CLDR's, through Intl.ListFormat). */
function listOf(words: string[], language: ServerLanguage): string {
  if (language === 'en') {
    if (words.length <= 1) return words[0] ?? '';
    return `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
  }
  let list = lists.get(language);
  if (!list) {
    list = new Intl.ListFormat(SERVER_LOCALES[language], { style: 'long', type: 'conjunction' });
    lists.set(language, list);
  }
  return list.format(words);
}

/** A mission started from a question the reader asked or upvoted: the question while everyone may see it, never its asker's name. */
function missionFromQuestion(facts: NotificationFacts, say: Wording['say'], actor: string, mission: string): string {
  const question = facts.question_body;
  if (facts.question_mine) {
    return question
      ? say('{actor} started the mission {mission} from your question “{question}”.', { actor, mission, question })
      : say('{actor} started the mission {mission} from your question.', { actor, mission });
  }
  return question
    ? say('{actor} started the mission {mission} from a question you upvoted: “{question}”.', { actor, mission, question })
    : say('{actor} started the mission {mission} from a question you upvoted.', { actor, mission });
}

/** A mission's check-in, or its reminder a week later (docs/product.md#check-ins). */
function checkinSentence(kind: 'mission_checkin' | 'mission_checkin_reminder', mission: string, { say }: Wording): string {
  return kind === 'mission_checkin'
    ? say('How is {mission} going? Answer the check-in: what happened, what you need now, and whether the team is still together.', { mission })
    : say('Reminder: how is {mission} going? The check-in is still open.', { mission });
}

/** The sentence of one notification in the reader's language; English when none is given. */
export function describeNotification(facts: NotificationFacts, language: ServerLanguage = 'en'): string {
  const wording = wordingIn(language);
  const { say } = wording;
  const named = facts.mission_name === null ? null : `“${facts.mission_name}”`;
  const mission = named ?? say('a mission you can no longer see');
  const actor = facts.actor_name ?? say('Someone');
  const person = facts.person_name ?? say('Someone');
  switch (facts.kind) {
    case 'mission_changed':
      return say('{actor} changed the {fields} of {mission}.', { actor, fields: fieldWords(facts.fields, language, wording), mission });
    case 'team_changed':
      return facts.event_kind === 'member_removed'
        ? say('{person} left the team of {mission}.', { person, mission })
        : say('{person} joined the team of {mission}.', { person, mission });
    case 'votes_milestone':
      // At the start of the sentence: the mission's name, or the words for one no longer seen, capitalised.
      return say('{mission} passed {milestone} votes.', {
        mission: named ?? say('A mission you can no longer see'),
        milestone: String(facts.milestone ?? 0),
      });
    case 'added_to_team':
      return say('{actor} added you to the team of {mission}.', { actor, mission });
    case 'removed_from_team':
      return say('{actor} removed you from the team of {mission}.', { actor, mission });
    case 'team_member_joined':
      return say('{actor} added {person} to your team {mission}.', { actor, person, mission });
    case 'mission_hidden':
      return facts.mission_name === null
        ? say('The organisers hid a mission you can no longer see.')
        : say('The organisers hid your mission “{mission}”. Reason: {reason}', { mission: facts.mission_name, reason: facts.reason ?? '' });
    case 'mission_unhidden':
      return facts.mission_name === null
        ? say('The organisers unhid a mission you can no longer see.')
        : say('The organisers unhid your mission “{mission}”: everyone can see it again.', { mission: facts.mission_name });
    case 'mission_update':
      return facts.update_title
        ? say('{actor} posted an update on {mission}: “{title}”', { actor, mission, title: facts.update_title })
        : say('{actor} posted an update on {mission}.', { actor, mission });
    case 'question_became_mission':
      return missionFromQuestion(facts, say, actor, mission);
    case 'join_requested':
      return say('{actor} asks to join {mission} as {role}.', { actor, mission, role: facts.role ?? say('a team member') });
    case 'invited_to_team':
      if (facts.proposal_owners !== null && facts.proposal_owners !== undefined) {
        // From the team builder: the organisers' proposal, not a personal invitation from the one who sent it.
        return say('The organisers propose you for {mission} as {role}. The mission’s owners: {owners}. It wants what you wrote: {skills}.', {
          mission,
          role: facts.role ?? say('a team member'),
          owners: facts.proposal_owners,
          skills: facts.proposal_skills ?? '',
        });
      }
      return say('{actor} invites you to join {mission} as {role}.', { actor, mission, role: facts.role ?? say('a team member') });
    case 'round_revealed':
      return say('The result of “{round}” is revealed. See the ranking and check your receipts.', { round: facts.round_name ?? say('a voting round') });
    case 'programme_changed': {
      const changes = facts.programme_changes.map((change) => describePartChange(change, wording)).join('. ');
      const note = facts.programme_note ?? '';
      return facts.programme_changes.length === 1
        ? say("The programme changed for a part you starred: {changes}. The organisers' note: “{note}”", { changes, note })
        : say("The programme changed for {count} parts you starred: {changes}. The organisers' note: “{note}”", {
            count: String(facts.programme_changes.length),
            changes,
            note,
          });
    }
    case 'announcement':
      return say('From the organisers: “{title}”. {text}', { title: facts.announcement_title ?? '', text: facts.announcement_body ?? '' });
    case 'session_reminder': {
      const parts = facts.reminder_parts.map((part) =>
        part.room
          ? say('“{title}” at {time} in {room}', { title: part.title, time: part.startTime, room: part.room })
          : say('“{title}” at {time}', { title: part.title, time: part.startTime }),
      );
      return say('Starting in 10 minutes: {parts}.', { parts: parts.join(', ') });
    }
    case 'feedback_requested':
      return say(
        'How was “{title}”? Rate it from 1 to 5 and, if you like, leave a comment for its speakers. Only the organisers read it, never with your name.',
        {
          title: facts.reminder_parts[0]?.title ?? say('a part of the programme'),
        },
      );
    case 'mission_checkin':
    case 'mission_checkin_reminder':
      return checkinSentence(facts.kind, mission, wording);
    case 'request_declined': {
      const invitation = facts.request_kind === 'invite';
      if (facts.reason) {
        const values = { actor, mission, reason: facts.reason };
        return invitation
          ? say('{actor} declined the invitation to join {mission}. Reason: {reason}', values)
          : say('{actor} declined your request to join {mission}. Reason: {reason}', values);
      }
      return invitation
        ? say('{actor} declined the invitation to join {mission}.', { actor, mission })
        : say('{actor} declined your request to join {mission}.', { actor, mission });
    }
  }
}
