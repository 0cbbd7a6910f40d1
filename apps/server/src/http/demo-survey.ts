import type { FastifyInstance } from 'fastify';
import { languageOf } from '../i18n/language.ts';
import { wordingIn } from '../i18n/translate.ts';
import type { Wording } from '@mc/contract';

/** What the prefilled fields (docs/product.md#survey-links) are called for the person reading the form. */
function fieldLabels(say: Wording['say']): Record<string, string> {
  return {
    user_id: say('Your survey reference'),
    name: say('Name'),
    email: say('E-mail'),
    mobile: say('Mobile number'),
    consent_choice: say('Your choice'),
  };
}

/**
 * A tiny built-in stand-in for the external survey forms, so the survey flow works offline and
 * in tests. It shows the prefilled values it received, each under a name a person understands (a
 * field it does not know keeps its own), in the language the browser asks for; organisers point
 * PRE_SURVEY_URL and POST_SURVEY_URL at their real forms.
 */
export function registerDemoSurvey(app: FastifyInstance): void {
  app.get<{ Params: { kind: string }; Querystring: Record<string, string> }>('/demo-survey/:kind', async (request, reply) => {
    const language = languageOf(request.headers['accept-language']);
    const { say } = wordingIn(language);
    const labels = fieldLabels(say);
    const title = request.params.kind === 'post' ? say('Post-conference survey (demo)') : say('Pre-conference survey (demo)');
    const rows = Object.entries(request.query)
      .filter(([key]) => !['usp', 'embedded'].includes(key))
      .map(([key, value]) => `<tr><th scope="row">${escapeHtml(labels[key] ?? key)}</th><td>${escapeHtml(String(value))}</td></tr>`)
      .join('');
    const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;color:#0f172a;background:#f8fafc}table{border-collapse:collapse}th,td{text-align:left;padding:.25rem .75rem;border-bottom:1px solid #cbd5e1}td{overflow-wrap:anywhere}</style>
</head><body><main aria-label="${escapeHtml(say('Demo survey form'))}"><h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(say('This demo form stands in for the real survey. It received these prefilled answers:'))}</p>
<table><tbody>${rows || `<tr><td>${escapeHtml(say('No prefilled answers.'))}</td></tr>`}</tbody></table>
<p>${escapeHtml(say('When you are done, press “Mark as Completed” below the form.'))}</p></main></body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
