import { expect, it } from 'vitest';
import {
  AUDIT_KINDS,
  describeDayShift,
  onlyShifted,
  VERSION_MESSAGES,
  type AgendaCalendarFile,
  type AuditLogPage,
  type ProgrammeDocument,
  type ProgrammeResponse,
  type ProgrammeVersionEntry,
  type PublishPreview,
} from '@mc/contract';
import { describeEachDatabase, signUpUser, untyped, type TestServer, type TestUser } from '../../../test/harness.ts';
import { expectOrganiserOnly, signUpOrganiser } from '../../../test/organisers.ts';
import { publishNow } from '../../../test/programme.ts';

/** The draft and the published versions: the diff on a hand-made draft, the changelog, and the draft never reaching attendees. */

async function call<T>(user: TestUser, name: string, params: Record<string, unknown> = {}) {
  const { data, error, status } = await untyped(user.client).rpc(name, params);
  return { data: data as T, error, status };
}

async function publicProgramme(server: TestServer): Promise<ProgrammeResponse> {
  return (await (await fetch(`${server.url}/content/v1/programme`)).json()) as ProgrammeResponse;
}

/**
 * From the sample programme: s1p1 moves to Hall B, s1p2 is renamed, s2p1 gets another speaker,
 * s6p1 starts five minutes later, s7p3 is cancelled and a new part takes its place, and s3p1 only
 * gets a new description (a change, but not one that moves, renames or re-casts a part).
 */
function handMadeDraft(published: ProgrammeDocument): ProgrammeDocument {
  const draft = structuredClone(published);
  draft.settings.rooms = ['Hall A', 'Hall B'];
  const omar = draft.speakers.find((speaker) => speaker.name === 'Omar Siddiqui');
  for (const session of draft.agenda) {
    for (const part of session.parts) {
      if (part.id === 's1p1') part.room = 'Hall B';
      if (part.id === 's1p2') part.title = 'Charting the course together';
      if (part.id === 's2p1') {
        part.speakers = [{ name: 'Omar Siddiqui', linkedinUrl: omar?.linkedinUrl ?? '' }];
        part.speaker = 'Omar Siddiqui';
      }
      if (part.id === 's6p1') part.startTime = '08:05';
      if (part.id === 's3p1') part.description = 'A new description, and nothing else.';
    }
    if (session.sessionNumber === 7) {
      session.parts = session.parts.filter((part) => part.id !== 's7p3');
      session.parts.push({
        id: 'closing-walk',
        title: 'Closing walk',
        type: 'TALK',
        startTime: '13:30',
        endTime: '14:00',
        speaker: '',
        speakers: [],
        description: 'A walk along the harbour.',
      });
    }
  }
  return draft;
}

describeEachDatabase('programme versions', (server) => {
  it('what attendees saw before versions is the first published version, in the changelog', async () => {
    const attendee = await signUpUser(server());
    const versions = await call<ProgrammeVersionEntry[]>(attendee, 'list_programme_versions');
    expect(versions.error).toBeNull();
    expect(versions.data.map((entry) => [entry.version, entry.note, entry.changes])).toEqual([[1, VERSION_MESSAGES.firstNote, []]]);
    const published = await publicProgramme(server());
    expect(published.version).toBe(1);
    const [draft] = await server().db.query<{ document: ProgrammeDocument }>('select document from programme');
    expect(published.programme).toEqual(draft?.document);
  });

  it('refuses the draft and publishing to attendees and the signed out', async () => {
    await expectOrganiserOnly(server(), 'get_programme_draft', {});
    await expectOrganiserOnly(server(), 'preview_programme_publish', {});
    await expectOrganiserOnly(server(), 'publish_programme', { p_note: 'Sneaky', p_draft_version: 1 });
  });

  it('shows the exact changes with their stars, keeps the draft from attendees until published, then lists the version newest first', async () => {
    const organiser = await signUpOrganiser(server());
    const [first, second, third] = [await signUpUser(server()), await signUpUser(server()), await signUpUser(server())];
    for (const [person, part] of [
      [first, 's1p1'],
      [second, 's1p1'],
      [third, 's7p3'],
      [third, 's5p1'],
    ] as const) {
      expect((await call(person, 'set_agenda_favourite', { p_part_id: part, p_starred: true })).error).toBeNull();
    }
    const before = await publicProgramme(server());
    const imported = await call<ProgrammeResponse>(organiser, 'import_programme', { p_programme: handMadeDraft(before.programme) });
    expect(imported.error).toBeNull();

    // The draft reaches no attendee: not the public programme, the agenda's stars nor the calendar files.
    expect(await publicProgramme(server())).toEqual(before);
    const starNew = await call(first, 'set_agenda_favourite', { p_part_id: 'closing-walk', p_starred: true });
    expect(starNew.status).toBe(400);
    const calendar = await call<AgendaCalendarFile>(first, 'get_agenda_calendar');
    expect(calendar.data.ics).not.toContain('closing-walk@');
    expect(calendar.data.ics).toContain('s7p3@');
    expect((await call<ProgrammeResponse>(organiser, 'get_programme_draft')).data.programme.agenda.at(-1)?.parts.at(-1)?.id).toBe('closing-walk');

    const preview = await call<PublishPreview>(organiser, 'preview_programme_publish');
    expect(preview.error).toBeNull();
    expect(preview.data.published_version).toBe(1);
    expect(preview.data.unchanged).toBe(false);
    expect(preview.data.changes.map((change) => [change.partId, change.kinds, change.stars])).toEqual([
      ['s1p1', ['moved'], 2],
      ['s1p2', ['renamed'], 0],
      ['s2p1', ['speakers'], 0],
      ['s6p1', ['moved'], 0],
      ['closing-walk', ['new'], 0],
      ['s7p3', ['cancelled'], 1],
    ]);
    const moved = preview.data.changes[0];
    expect(moved?.before).toMatchObject({ room: '', startTime: '09:00', date: '2025-12-06' });
    expect(moved?.after).toMatchObject({ room: 'Hall B', startTime: '09:00', date: '2025-12-06' });
    expect(preview.data.changes[2]).toMatchObject({ before: { speakers: ['Layla Haddad'] }, after: { speakers: ['Omar Siddiqui'] } });
    expect(preview.data.changes[3]).toMatchObject({ before: { startTime: '08:00', date: '2025-12-07' }, after: { startTime: '08:05' } });
    expect(preview.data.changes[5]).toMatchObject({ after: null, before: { title: expect.any(String) as string } });

    const { result } = await publishNow(organiser, 'Session 1 opens in Hall B');
    expect(result).toMatchObject({ version: 2, changes: 6 });

    const after = await publicProgramme(server());
    expect(after.version).toBe(2);
    expect(after.programme.agenda.flatMap((session) => session.parts).find((part) => part.id === 's1p1')?.room).toBe('Hall B');
    expect((await call(first, 'set_agenda_favourite', { p_part_id: 'closing-walk', p_starred: true })).error).toBeNull();

    const versions = await call<ProgrammeVersionEntry[]>(third, 'list_programme_versions');
    expect(versions.data.map((entry) => [entry.version, entry.note])).toEqual([
      [2, 'Session 1 opens in Hall B'],
      [1, VERSION_MESSAGES.firstNote],
    ]);
    expect(versions.data[0]?.changes.map((change) => change.partId)).toEqual(['s1p1', 's1p2', 's2p1', 's6p1', 'closing-walk', 's7p3']);

    const log = await call<AuditLogPage>(organiser, 'list_audit_log', { p_actor_id: organiser.user.id });
    expect(log.data.entries[0]).toMatchObject({ kind: AUDIT_KINDS.programmePublished, subject: 'Version 2: Session 1 opens in Hall B' });

    // A published version is never changed or removed.
    await expect(server().db.query("update programme_versions set note = 'rewritten' where version = 2")).rejects.toThrow(/append-only/);
    await expect(server().db.query('delete from programme_versions where version = 1')).rejects.toThrow(/append-only/);
  });

  it('an empty or long note, nothing changed, or a draft changed since the review is refused in words, and nothing is published', async () => {
    const organiser = await signUpOrganiser(server());
    const start = await publicProgramme(server());
    const draft = (await call<ProgrammeResponse>(organiser, 'get_programme_draft')).data;
    const count = async () => Number((await server().db.query<{ n: number }>('select count(*)::int as n from programme_versions'))[0]?.n);
    const versionsBefore = await count();

    const nothing = await call(organiser, 'publish_programme', { p_note: 'No news', p_draft_version: draft.version });
    expect(nothing.status).toBe(400);
    expect(nothing.error?.message).toBe(VERSION_MESSAGES.nothingChanged);

    const description = structuredClone(draft.programme);
    description.agenda[0]!.parts[0]!.description = 'Only the words change.';
    const saved = await call<ProgrammeResponse>(organiser, 'save_session', {
      p_original_number: description.agenda[0]!.sessionNumber,
      p_session: description.agenda[0],
    });
    expect(saved.error).toBeNull();
    const review = await call<PublishPreview>(organiser, 'preview_programme_publish');
    expect(review.data).toMatchObject({ unchanged: false, changes: [] });

    for (const note of ['', '   ']) {
      const empty = await call(organiser, 'publish_programme', { p_note: note, p_draft_version: review.data.draft_version });
      expect(empty.status).toBe(400);
      expect(empty.error?.message).toBe(VERSION_MESSAGES.noteEmpty);
    }
    const long = await call(organiser, 'publish_programme', { p_note: 'x'.repeat(281), p_draft_version: review.data.draft_version });
    expect(long.error?.message).toBe(VERSION_MESSAGES.noteTooLong);
    const stale = await call(organiser, 'publish_programme', { p_note: 'Words', p_draft_version: review.data.draft_version - 1 });
    expect(stale.status).toBe(400);
    expect(stale.error?.message).toBe(VERSION_MESSAGES.draftMoved);

    expect(await count()).toBe(versionsBefore);
    expect(await publicProgramme(server())).toEqual(start);
  });

  it('a shift of the conference’s dates is one line in the preview and the changelog: every part moved by the same days', async () => {
    const organiser = await signUpOrganiser(server());
    const draft = (await call<ProgrammeResponse>(organiser, 'get_programme_draft')).data;
    const { startDate, endDate } = draft.programme.settings;
    const earlier = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
    const moved = await call<ProgrammeResponse>(organiser, 'save_programme_settings', {
      p_settings: { ...draft.programme.settings, startDate: earlier(startDate), endDate: earlier(endDate) },
    });
    expect(moved.error).toBeNull();
    const parts = draft.programme.agenda.reduce((count, session) => count + session.parts.length, 0);
    const shift = { from: { first: startDate, last: endDate }, to: { first: earlier(startDate), last: earlier(endDate) } };

    const review = await call<PublishPreview>(organiser, 'preview_programme_publish');
    expect(review.data.changes).toHaveLength(parts);
    expect(review.data.shift).toEqual(shift);
    expect(describeDayShift(review.data.shift!)).toMatch(/^All parts moved from \d+–\d+ \w+ to \d+–\d+ \w+$/);
    expect(review.data.changes.every((change) => onlyShifted(change, review.data.shift))).toBe(true);

    expect((await call(organiser, 'publish_programme', { p_note: 'A week earlier', p_draft_version: review.data.draft_version })).error).toBeNull();
    const [latest] = (await call<ProgrammeVersionEntry[]>(organiser, 'list_programme_versions')).data;
    expect(latest).toMatchObject({ note: 'A week earlier', shift });
    // A publish that changes one part only is no shift.
    const next = (await call<ProgrammeResponse>(organiser, 'get_programme_draft')).data.programme;
    next.agenda[0]!.parts[0]!.title = 'A new name';
    expect((await call(organiser, 'save_session', { p_original_number: next.agenda[0]!.sessionNumber, p_session: next.agenda[0] })).error).toBeNull();
    expect((await call<PublishPreview>(organiser, 'preview_programme_publish')).data.shift).toBeNull();
  });
});
