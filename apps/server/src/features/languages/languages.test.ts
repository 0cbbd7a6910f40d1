import { expect, it } from 'vitest';
import { LANGUAGE_AUDIT_KINDS, LANGUAGE_MESSAGES, type OfferedLanguages } from '@mc/contract';
import { describeEachDatabase, signUpUser } from '../../../test/harness.ts';
import { expectOrganiserOnly, signUpOrganiser } from '../../../test/organisers.ts';

/*
 * Organisers switching an interface language off and on (docs/product.md#languages), over HTTP as
 * the console calls it, and the page the browser loads saying which languages are offered.
 */

/** The languages the page's configuration offers, as the web app reads them. */
async function languagesOnPage(url: string): Promise<string> {
  const html = await (await fetch(`${url}/signin`)).text();
  const config = /<meta name="app-config" content="([^"]*)"/.exec(html)?.[1] ?? '';
  return (JSON.parse(config.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as { languages: string }).languages;
}

describeEachDatabase('the languages the event offers', (server) => {
  it('are all four until organisers switch one off, in the procedure and on the page', async () => {
    const person = await signUpUser(server());
    const { data, error } = await person.client.rpc('get_offered_languages', {});
    expect(error).toBeNull();
    expect(data).toEqual({ offered: ['en', 'af', 'zu', 'xh'] });
    expect(await languagesOnPage(server().url)).toBe('en,af,zu,xh');
  });

  it('are switched off and on by organisers only, audited once per change, and English stays', async () => {
    await expectOrganiserOnly(server(), 'set_language_offered', { p_language: 'zu', p_offered: false });
    const organiser = await signUpOrganiser(server());
    const switchOff = async (language: 'en' | 'af' | 'zu' | 'xh', offered: boolean) =>
      organiser.client.rpc('set_language_offered', { p_language: language, p_offered: offered });

    const off = await switchOff('zu', false);
    expect(off.error).toBeNull();
    expect((off.data as OfferedLanguages).offered).toEqual(['en', 'af', 'xh']);
    // Asking again changes nothing and writes no second entry.
    await switchOff('zu', false);
    expect(await languagesOnPage(server().url)).toBe('en,af,xh');
    const person = await signUpUser(server());
    expect((await person.client.rpc('get_offered_languages', {})).data).toEqual({ offered: ['en', 'af', 'xh'] });

    const english = await switchOff('en', false);
    expect(english.error?.message).toBe(LANGUAGE_MESSAGES.englishAlwaysOffered);
    expect(english.error?.code).toBe('P0001');

    const on = await switchOff('zu', true);
    expect((on.data as OfferedLanguages).offered).toEqual(['en', 'af', 'zu', 'xh']);
    expect(await languagesOnPage(server().url)).toBe('en,af,zu,xh');

    const audit = await server().db.query<{ kind: string; actor_id: string }>(`select kind, actor_id from audit_log where kind like 'language.%' order by at`);
    expect(audit).toEqual([
      { kind: LANGUAGE_AUDIT_KINDS.switchedOff, actor_id: organiser.user.id },
      { kind: LANGUAGE_AUDIT_KINDS.offered, actor_id: organiser.user.id },
    ]);

    const unknown = await organiser.client.rpc('set_language_offered', { p_language: 'fr' as 'af', p_offered: false });
    expect(unknown.status).toBe(400);
  });
});
