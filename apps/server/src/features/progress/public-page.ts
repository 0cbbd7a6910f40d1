import type { Milestone, MissionStatus } from '@mc/contract';
import { isoTime } from '../../db/sql.ts';
import type { Queryable } from '../../db/db.ts';
import { languageOf } from '../../i18n/language.ts';
import { wordingIn } from '../../i18n/translate.ts';
import { PUBLIC_TEAM_SQL } from '../../kernel/people.ts';

/**
 * A mission's public page, /m/{slug} (docs/product.md#public-page): one small server-written
 * document, readable without an account, with its Open Graph tags for link previews and a print
 * style. It shows the mission's name, statement, status, milestones, the updates nobody hid, and
 * the team's size with the names of only those who share their name (kernel/people.ts). It is
 * there only while the owners publish it and the organisers do not hide the mission.
 */

export interface PublicMission {
  mission_id: string;
  name: string;
  statement: string;
  status: MissionStatus;
  status_reason: string | null;
  milestones: Milestone[];
  slug: string;
  team_size: number;
  names: string[];
  updates: { title: string; text: string; link: string | null; photo_id: string | null; created_at: string }[];
}

/** How many updates the page shows, newest first. */
const PUBLIC_UPDATES = 20;

export async function readPublicMission(db: Queryable, slug: string): Promise<PublicMission | null> {
  const [mission] = await db.query<Omit<PublicMission, 'team_size' | 'names' | 'updates'>>(
    `select m.mission_id, m.name, m.statement, m.status, m.status_reason, m.milestones, m.public_slug as slug
       from missions m where m.public_slug = $1 and m.hidden_at is null`,
    [slug.toLowerCase()],
  );
  if (!mission) return null;
  const [team] = await db.query<{ team_size: number; names: string[] }>(PUBLIC_TEAM_SQL, [mission.mission_id]);
  const updates = await db.query<PublicMission['updates'][number]>(
    `select u.title, u.body as text, u.link, photo.photo_id, ${isoTime('u.created_at')} as created_at
       from mission_updates u left join update_photos photo on photo.update_id = u.update_id
      where u.mission_id = $1 and u.hidden_at is null
      order by u.created_at desc, u.update_id limit ${PUBLIC_UPDATES}`,
    [mission.mission_id],
  );
  return { ...mission, team_size: team?.team_size ?? 0, names: team?.names ?? [], updates };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
function html(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** The page's whole style: light and dark by the reader's setting, and a print layout. */
const STYLE = `:root{color-scheme:light dark;--fg:#0f172a;--muted:#334155;--bg:#fff;--card:#f1f5f9;--accent:#075985}
@media (prefers-color-scheme:dark){:root{--fg:#f8fafc;--muted:#cbd5e1;--bg:#0f172a;--card:#1e293b;--accent:#7dd3fc}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:42rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{font-size:1.75rem;line-height:1.2;margin:.25rem 0 1rem;overflow-wrap:anywhere}
h2{font-size:1.2rem;margin:2rem 0 .75rem}h3{font-size:1.05rem;margin:0 0 .25rem;overflow-wrap:anywhere}p{margin:.5rem 0;overflow-wrap:anywhere;white-space:pre-line}
.muted{color:var(--muted)}.status{display:inline-block;padding:.1rem .6rem;border-radius:999px;background:var(--card);font-weight:600}
ul{padding-left:1.25rem}article{background:var(--card);border-radius:.75rem;padding:1rem;margin:0 0 1rem}
img{max-width:100%;height:auto;border-radius:.5rem;margin-top:.5rem}a{color:var(--accent)}
@media print{:root{--fg:#000;--muted:#333;--bg:#fff;--card:#fff}main{max-width:none;padding:0}article{border:1px solid #999;break-inside:avoid}a::after{content:" (" attr(href) ")"}}`;

/** The page in the reader's language (their browser's Accept-Language), absolute addresses from `publicUrl`. */
export function renderPublicPage(mission: PublicMission, publicUrl: string, acceptLanguage: string | string[] | undefined): string {
  const language = languageOf(acceptLanguage);
  const { say, locale } = wordingIn(language);
  const base = publicUrl.replace(/\/$/, '');
  const url = `${base}/m/${mission.slug}`;
  const status: Record<MissionStatus, string> = { active: say('Active'), paused: say('Paused'), completed: say('Completed'), stopped: say('Stopped') };
  const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const description = mission.statement.length > 200 ? `${mission.statement.slice(0, 197)}…` : mission.statement;
  const photo = mission.updates.find((update) => update.photo_id !== null)?.photo_id ?? null;
  const others = mission.team_size - mission.names.length;
  const team =
    mission.names.length === 0
      ? say('A team of {count}.', { count: String(mission.team_size) })
      : others > 0
        ? say('A team of {count}: {names} and {others} more.', { count: String(mission.team_size), names: mission.names.join(', '), others: String(others) })
        : say('A team of {count}: {names}.', { count: String(mission.team_size), names: mission.names.join(', ') });
  const milestones = mission.milestones.length
    ? `<h2>${html(say('Milestones'))}</h2><ul>${mission.milestones
        .map(
          (milestone) =>
            `<li>${milestone.done ? '✓ ' : ''}${html(milestone.text)}${milestone.done ? ` <span class="muted">(${html(say('done'))})</span>` : ''}</li>`,
        )
        .join('')}</ul>`
    : '';
  const updates = mission.updates
    .map(
      (update) =>
        `<article><h3>${html(update.title)}</h3><p class="muted">${html(date.format(new Date(update.created_at)))}</p>${
          update.text ? `<p>${html(update.text)}</p>` : ''
        }${update.photo_id ? `<img src="/content/v1/update-photos/${update.photo_id}.jpg" alt="${html(say('Photo of the update “{title}”', { title: update.title }))}" loading="lazy">` : ''}${
          update.link ? `<p><a href="${html(update.link)}" rel="noopener nofollow">${html(update.link)}</a></p>` : ''
        }</article>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${html(mission.name)}</title>
<meta name="description" content="${html(description)}">
<meta property="og:type" content="article"><meta property="og:title" content="${html(mission.name)}">
<meta property="og:description" content="${html(description)}"><meta property="og:url" content="${html(url)}">
${photo ? `<meta property="og:image" content="${html(`${base}/content/v1/update-photos/${photo}.jpg`)}"><meta name="twitter:card" content="summary_large_image">` : '<meta name="twitter:card" content="summary">'}
<link rel="canonical" href="${html(url)}"><link rel="icon" type="image/svg+xml" href="/logo.svg"><style>${STYLE}</style></head>
<body><main>
<p class="muted">${html(say('A mission from the conference'))}</p>
<h1>${html(mission.name)}</h1>
<p><span class="status">${html(status[mission.status])}</span>${mission.status_reason ? ` <span class="muted">${html(mission.status_reason)}</span>` : ''}</p>
<p>${html(mission.statement)}</p>
<p class="muted">${html(team)}</p>
${milestones}
<h2>${html(say('Updates'))}</h2>
${updates || `<p class="muted">${html(say('No updates yet.'))}</p>`}
</main></body></html>`;
}

/** What an unpublished, hidden or unknown page answers. */
export const PUBLIC_PAGE_NOT_FOUND = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Page not found</title></head>
<body><main><h1>Page not found</h1><p>This mission’s page is not published.</p></main></body></html>`;
