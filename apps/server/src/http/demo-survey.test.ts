import { expect, it } from 'vitest';
import { CONSENT_SHARE } from '@mc/contract';
import { describeEachDatabase } from '../../test/harness.ts';

/*
 * The built-in demo survey form (docs/product.md#survey-screens): the prefilled answers it shows
 * are named in words a person understands, in the language the browser asks for; the raw field
 * names of the prefilled link never show.
 */

describeEachDatabase('the demo survey form', (server) => {
  const open = async (language: string) => {
    const query = new URLSearchParams({ user_id: 'a1b2', name: 'Ayanda Dlamini', email: 'ayanda@example.org', mobile: '+27821234567' });
    query.set('consent_choice', CONSENT_SHARE);
    query.set('usp', 'pp_url');
    const response = await fetch(`${server().url}/demo-survey/pre?${query}`, { headers: { 'accept-language': language } });
    expect(response.status).toBe(200);
    return response.text();
  };

  it('names each prefilled answer in words, never by its field name', async () => {
    const page = await open('en-ZA,en;q=0.9');
    for (const label of ['Your survey reference', 'Name', 'E-mail', 'Mobile number', 'Your choice']) expect(page).toContain(`<th scope="row">${label}</th>`);
    for (const field of ['user_id', 'consent_choice', 'usp']) expect(page).not.toContain(field);
    expect(page).toContain('Ayanda Dlamini');
    expect(page).toContain('<h1>Pre-conference survey (demo)</h1>');
  });

  it('speaks the browser’s language', async () => {
    const page = await open('zu-ZA,zu;q=0.9,en;q=0.5');
    expect(page).toContain('<html lang="zu">');
    expect(page).toContain('<th scope="row">Inkomba yakho yenhlolovo</th>');
    expect(page).not.toContain('user_id');
  });
});
