import { AUDIT_KINDS, PROGRAMME_MESSAGES, type ProgrammeDocument, type ProgrammeSession } from '@mc/contract';
import { speakerSchema, type Speaker } from '@mc/contract/conference.ts';
import { programmeSessionSchema, programmeSettingsSchema } from '@mc/contract/programme.ts';
import { businessError } from '../../http/errors.ts';
import { organiserProcedure } from '../../kernel/access.ts';
import { actorOf } from '../../kernel/actor.ts';
import { changeProgramme, checkedPiece } from './store.ts';

/** Sessions in the order the agenda shows them: by day, then start time, then number. */
function ordered(agenda: ProgrammeSession[]): ProgrammeSession[] {
  return [...agenda].sort((a, b) => a.day - b.day || a.startTime.localeCompare(b.startTime) || a.sessionNumber - b.sessionNumber);
}

/** Every part that names the speaker, as "s1p2" ids. */
function partsNaming(programme: ProgrammeDocument, name: string): string[] {
  return programme.agenda.flatMap((session) => session.parts.filter((part) => part.speakers.some((ref) => ref.name === name)).map((part) => part.id));
}

/** A speaker's new name and LinkedIn address, followed into every part that names them. */
function followSpeaker(agenda: ProgrammeSession[], before: Speaker, after: Speaker): ProgrammeSession[] {
  return agenda.map((session) => ({
    ...session,
    parts: session.parts.map((part) => ({
      ...part,
      speaker: before.name === after.name ? part.speaker : part.speaker.replaceAll(before.name, after.name),
      speakers: part.speakers.map((ref) => (ref.name === before.name ? { name: after.name, linkedinUrl: after.linkedinUrl ?? '' } : ref)),
    })),
  }));
}

export const programmeProcedures = {
  save_programme_settings: organiserProcedure('save_programme_settings', async (params, ctx) => {
    const settings = checkedPiece(programmeSettingsSchema, params.p_settings, 'settings');
    return changeProgramme(ctx.db, actorOf(ctx), (current) => ({
      next: { ...current, settings },
      audit: {
        kind: AUDIT_KINDS.programmeConferenceSaved,
        subject: 'Conference dates, time zone and venue',
        before: current.settings,
        after: settings,
      },
    }));
  }),

  save_speaker: organiserProcedure('save_speaker', async (params, ctx) => {
    const speaker = checkedPiece(speakerSchema, params.p_speaker, 'speakers');
    return changeProgramme(ctx.db, actorOf(ctx), (current) => {
      if (params.p_original_id === null) {
        return {
          next: { ...current, speakers: [...current.speakers, speaker] },
          audit: { kind: AUDIT_KINDS.programmeSpeakerSaved, subject: speaker.name, before: null, after: speaker },
        };
      }
      const before = current.speakers.find((candidate) => candidate.id === params.p_original_id);
      if (!before) throw businessError(PROGRAMME_MESSAGES.speakerNotFound);
      return {
        next: {
          ...current,
          speakers: current.speakers.map((candidate) => (candidate.id === before.id ? speaker : candidate)),
          agenda: followSpeaker(current.agenda, before, speaker),
        },
        audit: { kind: AUDIT_KINDS.programmeSpeakerSaved, subject: speaker.name, before, after: speaker },
      };
    });
  }),

  delete_speaker: organiserProcedure('delete_speaker', async (params, ctx) =>
    changeProgramme(ctx.db, actorOf(ctx), (current) => {
      const speaker = current.speakers.find((candidate) => candidate.id === params.p_id);
      if (!speaker) throw businessError(PROGRAMME_MESSAGES.speakerNotFound);
      const parts = partsNaming(current, speaker.name);
      if (parts.length) throw businessError(PROGRAMME_MESSAGES.speakerInUse(parts));
      return {
        next: { ...current, speakers: current.speakers.filter((candidate) => candidate.id !== speaker.id) },
        audit: { kind: AUDIT_KINDS.programmeSpeakerDeleted, subject: speaker.name, before: speaker, after: null },
      };
    }),
  ),

  reorder_speakers: organiserProcedure('reorder_speakers', async (params, ctx) =>
    changeProgramme(ctx.db, actorOf(ctx), (current) => {
      const byId = new Map(current.speakers.map((speaker) => [speaker.id, speaker]));
      const unique = new Set(params.p_ids);
      if (unique.size !== params.p_ids.length || params.p_ids.length !== byId.size || params.p_ids.some((id) => !byId.has(id))) {
        throw businessError(PROGRAMME_MESSAGES.reorderMismatch);
      }
      return {
        next: { ...current, speakers: params.p_ids.map((id) => byId.get(id)) },
        audit: {
          kind: AUDIT_KINDS.programmeSpeakersReordered,
          subject: 'Speakers',
          before: current.speakers.map((speaker) => speaker.id),
          after: params.p_ids,
        },
      };
    }),
  ),

  save_session: organiserProcedure('save_session', async (params, ctx) => {
    const session = checkedPiece(programmeSessionSchema, params.p_session, 'agenda');
    return changeProgramme(ctx.db, actorOf(ctx), (current) => {
      const before = params.p_original_number === null ? null : current.agenda.find((candidate) => candidate.sessionNumber === params.p_original_number);
      if (before === undefined) throw businessError(PROGRAMME_MESSAGES.sessionNotFound);
      const others = current.agenda.filter((candidate) => candidate !== before);
      return {
        next: { ...current, agenda: ordered([...others, session]) },
        audit: { kind: AUDIT_KINDS.programmeSessionSaved, subject: `Session ${session.sessionNumber}: ${session.sessionTitle}`, before, after: session },
      };
    });
  }),

  delete_session: organiserProcedure('delete_session', async (params, ctx) =>
    changeProgramme(ctx.db, actorOf(ctx), (current) => {
      const session = current.agenda.find((candidate) => candidate.sessionNumber === params.p_number);
      if (!session) throw businessError(PROGRAMME_MESSAGES.sessionNotFound);
      return {
        next: { ...current, agenda: current.agenda.filter((candidate) => candidate !== session) },
        audit: {
          kind: AUDIT_KINDS.programmeSessionDeleted,
          subject: `Session ${session.sessionNumber}: ${session.sessionTitle}`,
          before: session,
          after: null,
        },
      };
    }),
  ),

  /** Replaces the whole programme, or changes nothing and lists every problem of the file. */
  import_programme: organiserProcedure('import_programme', async (params, ctx) =>
    changeProgramme(ctx.db, actorOf(ctx), (current) => ({
      next: params.p_programme,
      audit: {
        kind: AUDIT_KINDS.programmeImported,
        subject: 'Whole programme',
        before: { speakers: current.speakers.length, sessions: current.agenda.length },
        after: summary(params.p_programme),
      },
    })),
  ),
};

/** The audit log keeps how big an import was, not a second copy of the whole file. */
function summary(programme: unknown): { speakers: number; sessions: number } | null {
  if (typeof programme !== 'object' || programme === null) return null;
  const { speakers, agenda } = programme as { speakers?: unknown; agenda?: unknown };
  return { speakers: Array.isArray(speakers) ? speakers.length : 0, sessions: Array.isArray(agenda) ? agenda.length : 0 };
}
