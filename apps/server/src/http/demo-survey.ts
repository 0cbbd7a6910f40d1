import type { FastifyInstance } from 'fastify';

/**
 * A tiny built-in stand-in for the external survey forms, so the survey flow works offline and
 * in tests. It shows the prefilled values it received; organisers point PRE_SURVEY_URL and
 * POST_SURVEY_URL at their real forms.
 */
export function registerDemoSurvey(app: FastifyInstance): void {
  app.get<{ Params: { kind: string }; Querystring: Record<string, string> }>('/demo-survey/:kind', async (request, reply) => {
    const kind = request.params.kind === 'post' ? 'Post-conference' : 'Pre-conference';
    const rows = Object.entries(request.query)
      .filter(([key]) => !['usp', 'embedded'].includes(key))
      .map(([key, value]) => `<tr><th scope="row">${escapeHtml(key)}</th><td>${escapeHtml(String(value))}</td></tr>`)
      .join('');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${kind} survey (demo)</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;color:#0f172a;background:#f8fafc}table{border-collapse:collapse}th,td{text-align:left;padding:.25rem .75rem;border-bottom:1px solid #cbd5e1}td{overflow-wrap:anywhere}</style>
</head><body><main aria-label="Demo survey form"><h1>${kind} survey (demo)</h1>
<p>This demo form stands in for the real survey. It received these prefilled answers:</p>
<table><tbody>${rows || '<tr><td>No prefilled answers.</td></tr>'}</tbody></table>
<p>When you are done, press "Mark as Completed" below the form.</p></main></body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
