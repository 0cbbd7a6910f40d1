import { expect, it } from 'vitest';
import {
  correctionsPath,
  LANGUAGE_MESSAGES,
  TRANSLATION_AUDIT_KINDS,
  TRANSLATION_MESSAGES,
  TRANSLATION_PAGE_SIZE,
  type TranslationPage,
  type TranslationRow,
  type WebCorrections,
} from '@mc/contract';
import { describeEachDatabase } from '../../../test/harness.ts';
import { expectOrganiserOnly, signUpOrganiser, type TestOrganiser } from '../../../test/organisers.ts';
import { wordingIn } from '../../i18n/translate.ts';

/*
 * Organisers correcting the translations (docs/product.md#languages), over HTTP as the console
 * calls them: the list, a correction checked like the catalogues, the audit, the PO export, and a
 * correction reaching the server's own messages at once and the web app through the page.
 */

async function call<T>(organiser: TestOrganiser, name: string, params: Record<string, unknown>) {
  const { data, error } = await organiser.client.rpc(name as 'list_translations', params as never);
  return { data: data as T | null, error };
}

/** The page's configuration, as the web app reads it. */
async function pageConfig(url: string): Promise<{ corrections: string }> {
  const html = await (await fetch(`${url}/signin`)).text();
  const config = /<meta name="app-config" content="([^"]*)"/.exec(html)?.[1] ?? '';
  return JSON.parse(config.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as { corrections: string };
}

async function auditOf(server: { db: { query<T>(sql: string): Promise<T[]> } }) {
  return server.db.query<{ kind: string; subject: string; before: unknown; after: unknown }>(
    `select kind, subject, before, after from audit_log where kind like 'translation.%' order by at`,
  );
}

describeEachDatabase('organisers correcting the translations', (server) => {
  it('are for organisers with their second factor only', async () => {
    await expectOrganiserOnly(server(), 'list_translations', { p_language: 'xh' });
    await expectOrganiserOnly(server(), 'correct_translation', {
      p_language: 'xh',
      p_source: 'web',
      p_key: 'organiser.languages.switchedOff',
      p_text: 'x {name}',
    });
    await expectOrganiserOnly(server(), 'set_translation_reviewed', {
      p_language: 'xh',
      p_source: 'web',
      p_key: 'organiser.languages.switchedOff',
      p_reviewed: true,
    });
    await expectOrganiserOnly(server(), 'export_translation_corrections', { p_language: 'xh' });
  });

  it('lists every message of a language with its English, paged, searched and filtered', async () => {
    const organiser = await signUpOrganiser(server());
    const first = await call<TranslationPage>(organiser, 'list_translations', { p_language: 'xh' });
    expect(first.error).toBeNull();
    expect(first.data?.total).toBeGreaterThan(1500);
    expect(first.data?.rows).toHaveLength(TRANSLATION_PAGE_SIZE);
    const found = await call<TranslationPage>(organiser, 'list_translations', { p_language: 'xh', p_search: 'is switched off' });
    expect(found.data?.rows).toContainEqual({
      source: 'web',
      key: 'organiser.languages.switchedOff',
      area: 'organiser',
      english: '{name} is switched off.',
      catalogue: 'I-{name} icinyiwe.',
      correction: null,
      reviewed: false,
    });
    const serverMessage = await call<TranslationPage>(organiser, 'list_translations', { p_language: 'xh', p_search: LANGUAGE_MESSAGES.englishAlwaysOffered });
    expect(serverMessage.data?.rows).toContainEqual(expect.objectContaining({ source: 'server', key: LANGUAGE_MESSAGES.englishAlwaysOffered, area: null }));
    const corrected = await call<TranslationPage>(organiser, 'list_translations', { p_language: 'zu', p_filter: 'corrected' });
    expect(corrected.data).toEqual({ total: 0, page: 0, page_size: TRANSLATION_PAGE_SIZE, rows: [] });
  });

  it('refuses a correction that drops a placeholder or breaks a plural, changing nothing', async () => {
    const organiser = await signUpOrganiser(server());
    const audited = (await auditOf(server())).length;
    const correct = (key: string, text: string) =>
      call<TranslationRow>(organiser, 'correct_translation', { p_language: 'xh', p_source: 'web', p_key: key, p_text: text });

    const dropped = await correct('organiser.languages.switchedOff', 'Icinyiwe.');
    expect(dropped.error?.message).toBe('The correction must keep the placeholders and tags of the English ({name}); it has —');
    expect(dropped.error?.code).toBe('P0001');
    const renamed = await correct('organiser.languages.switchedOff', 'I-{language} icinyiwe.');
    expect(renamed.error?.message).toBe('The correction must keep the placeholders and tags of the English ({name}); it has {language}');
    // A plural writes only the forms isiXhosa has, and "other".
    const plural = TRANSLATION_MESSAGES.plural.replace('{forms}', 'one, other');
    expect((await correct('mission.voteCount', '{count, plural, few {iivoti ezingu-#} other {iivoti ezingu-#}}')).error?.message).toBe(plural);
    expect((await correct('mission.voteCount', '{count, plural, one {ivoti e-#}}')).error?.message).toBe(plural);
    expect((await correct('mission.voteCount', '{count, plural, one {ivoti}')).error?.message).toBe(TRANSLATION_MESSAGES.unreadable);
    expect((await correct('mission.voteCount', '  ')).error?.message).toBe(TRANSLATION_MESSAGES.empty);
    expect((await correct('no.such.message', 'x')).error?.message).toBe(TRANSLATION_MESSAGES.unknownMessage);
    const serverDropped = await call<TranslationRow>(organiser, 'correct_translation', {
      p_language: 'af',
      p_source: 'server',
      p_key: 'Nothing at {method} {path}',
      p_text: 'Niks by {method} nie',
    });
    expect(serverDropped.error?.message).toBe('The correction must keep the placeholders and tags of the English ({method}, {path}); it has {method}');

    expect(await server().db.query('select * from translation_corrections')).toEqual([]);
    expect((await auditOf(server())).length).toBe(audited);
    expect((await pageConfig(server().url)).corrections).toBe('');
  });

  it('corrects a server message, which the server says at once, audited and exported as PO', async () => {
    const organiser = await signUpOrganiser(server());
    const refusal = () =>
      fetch(`${server().url}/rest/v1/rpc/set_language_offered`, {
        method: 'POST',
        headers: { apikey: 'k', 'content-type': 'application/json', authorization: `Bearer ${organiser.session.access_token}`, 'accept-language': 'xh' },
        body: JSON.stringify({ p_language: 'en', p_offered: false }),
      }).then(async (response) => ((await response.json()) as { message: string }).message);
    expect(await refusal()).toBe('IsiNgesi sihlala sinikezelwa');

    const saved = await call<TranslationRow>(organiser, 'correct_translation', {
      p_language: 'xh',
      p_source: 'server',
      p_key: LANGUAGE_MESSAGES.englishAlwaysOffered,
      p_text: 'IsiNgesi sisoloko sikhona',
    });
    expect(saved.error).toBeNull();
    expect(saved.data).toMatchObject({ correction: 'IsiNgesi sisoloko sikhona', catalogue: 'IsiNgesi sihlala sinikezelwa', reviewed: true });
    expect(await refusal()).toBe('IsiNgesi sisoloko sikhona');
    // A text the server writes (a bell's, a mail's) is corrected the same way.
    const bell = await call<TranslationRow>(organiser, 'correct_translation', {
      p_language: 'xh',
      p_source: 'server',
      p_key: 'Speakers: {people}',
      p_text: 'Izithethi: {people}',
    });
    expect(bell.error).toBeNull();
    expect(wordingIn('xh').say('Speakers: {people}', { people: 'Thandi' })).toBe('Izithethi: Thandi');

    const exported = await call<{ filename: string; po: string; count: number }>(organiser, 'export_translation_corrections', { p_language: 'xh' });
    expect(exported.data?.filename).toBe('corrections-xh.po');
    expect(exported.data?.count).toBe(2);
    expect(exported.data?.po).toContain(
      '# reviewed by a native speaker (corrected in the console)\n#: apps/server/src/i18n/locales/xh.po\nmsgid "English is always offered"\nmsgstr "IsiNgesi sisoloko sikhona"',
    );
    expect(exported.data?.po).toMatch(/^msgid ""\nmsgstr ""\n"Language: xh\\n"/);

    // Back to the catalogue's text.
    const restored = await call<TranslationRow>(organiser, 'correct_translation', {
      p_language: 'xh',
      p_source: 'server',
      p_key: LANGUAGE_MESSAGES.englishAlwaysOffered,
      p_text: null,
    });
    expect(restored.data).toMatchObject({ correction: null, reviewed: true });
    expect(await refusal()).toBe('IsiNgesi sihlala sinikezelwa');

    expect((await auditOf(server())).filter((entry) => entry.subject.includes(LANGUAGE_MESSAGES.englishAlwaysOffered))).toEqual([
      {
        kind: TRANSLATION_AUDIT_KINDS.corrected,
        subject: `Translation xh server: ${LANGUAGE_MESSAGES.englishAlwaysOffered}`,
        before: { text: 'IsiNgesi sihlala sinikezelwa' },
        after: { text: 'IsiNgesi sisoloko sikhona' },
      },
      {
        kind: TRANSLATION_AUDIT_KINDS.restored,
        subject: `Translation xh server: ${LANGUAGE_MESSAGES.englishAlwaysOffered}`,
        before: { text: 'IsiNgesi sisoloko sikhona' },
        after: { text: 'IsiNgesi sihlala sinikezelwa' },
      },
    ]);
    await call(organiser, 'correct_translation', { p_language: 'xh', p_source: 'server', p_key: 'Speakers: {people}', p_text: null });
  });

  it('corrects a web message, which the page names by version and the browser fetches compiled', async () => {
    const organiser = await signUpOrganiser(server());
    const saved = await call<TranslationRow>(organiser, 'correct_translation', {
      p_language: 'zu',
      p_source: 'web',
      p_key: 'mission.voteCount',
      p_text: '{count, plural, one {ivoti elingu-#} other {amavoti angu-#}}',
    });
    expect(saved.error).toBeNull();
    const version = /zu:(\d+)/.exec((await pageConfig(server().url)).corrections)?.[1];
    expect(version).toBeDefined();
    const response = await fetch(`${server().url}${correctionsPath('zu')}?v=${version}`);
    expect(response.headers.get('cache-control')).toContain('immutable');
    const body = (await response.json()) as WebCorrections;
    expect(body.version).toBe(Number(version));
    expect(Object.keys(body.messages)).toEqual(['mission.voteCount']);
    expect(JSON.stringify(body.messages['mission.voteCount'])).toContain('amavoti angu-');
    const stale = await fetch(`${server().url}${correctionsPath('zu')}?v=0`);
    expect(stale.headers.get('cache-control')).toBe('no-store');

    // Reviewed is recorded per message and language, once per change.
    const reviewed = await call<TranslationRow>(organiser, 'set_translation_reviewed', {
      p_language: 'af',
      p_source: 'web',
      p_key: 'mission.voteCount',
      p_reviewed: true,
    });
    expect(reviewed.data).toMatchObject({ reviewed: true, correction: null });
    await call(organiser, 'set_translation_reviewed', { p_language: 'af', p_source: 'web', p_key: 'mission.voteCount', p_reviewed: true });
    const notReviewed = await call<TranslationPage>(organiser, 'list_translations', {
      p_language: 'af',
      p_filter: 'not_reviewed',
      p_search: 'mission.voteCount',
    });
    expect(notReviewed.data?.rows.map((row) => row.key)).not.toContain('mission.voteCount');
    const stillNot = await call<TranslationPage>(organiser, 'list_translations', { p_language: 'xh', p_filter: 'not_reviewed', p_search: 'mission.voteCount' });
    expect(stillNot.data?.rows.map((row) => row.key)).toContain('mission.voteCount');
    expect((await auditOf(server())).filter((entry) => entry.kind === TRANSLATION_AUDIT_KINDS.reviewed)).toHaveLength(1);

    const exported = await call<{ po: string }>(organiser, 'export_translation_corrections', { p_language: 'zu' });
    expect(exported.data?.po).toContain(
      '#. English: {count, plural, one {# vote} other {# votes}}\n#: apps/web/src/i18n/locales/missions/zu.po\nmsgid "mission.voteCount"\nmsgstr "{count, plural, one {ivoti elingu-#} other {amavoti angu-#}}"',
    );
  });
});
