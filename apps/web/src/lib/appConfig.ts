/**
 * Runtime configuration. The server replaces the placeholder
 * `<meta name="app-config" content="{}">` in index.html with the deployment's values;
 * anything missing or malformed falls back to the defaults below.
 * Checked by hand rather than with zod: every screen, /signin included, loads this module, and four
 * strings do not justify the validation library's weight in the /signin budget.
 */
const DEFAULTS = {
  productName: 'Mission Control',
  programmeName: 'Community Mission Game 2025',
  preSurveyUrl: '/demo-survey/pre',
  postSurveyUrl: '/demo-survey/post',
  // The server's CONFERENCE_START_DATE and CONFERENCE_TIME_ZONE defaults (a test keeps them equal).
  conferenceStartDate: '2025-12-06',
  conferenceTimeZone: 'Africa/Johannesburg',
  // The server's MAIL_DAILY_DIGEST_HOUR default: the venue's hour of the daily notification e-mail.
  dailyDigestHour: '7',
  // The server's PUBLIC_URL: the address the projector's QR code shows. Empty: this page's own origin.
  publicUrl: '',
  // The interface languages the event offers, by code: organisers may switch some off.
  languages: 'en,af,zu,xh',
  // Each language's version of the organisers' corrections ("xh:3,zu:1"); none: no corrections.
  corrections: '',
} as const;

export type AppConfig = { [K in keyof typeof DEFAULTS]: string };

function textOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

export function parseAppConfig(raw: string | null | undefined): AppConfig {
  let json: unknown = {};
  if (raw) {
    try {
      json = JSON.parse(raw);
    } catch {
      console.warn('app-config meta tag is not valid JSON; using defaults');
    }
  }
  const source: Record<string, unknown> = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
  return {
    productName: textOr(source.productName, DEFAULTS.productName),
    programmeName: textOr(source.programmeName, DEFAULTS.programmeName),
    preSurveyUrl: textOr(source.preSurveyUrl, DEFAULTS.preSurveyUrl),
    postSurveyUrl: textOr(source.postSurveyUrl, DEFAULTS.postSurveyUrl),
    conferenceStartDate: textOr(source.conferenceStartDate, DEFAULTS.conferenceStartDate),
    conferenceTimeZone: textOr(source.conferenceTimeZone, DEFAULTS.conferenceTimeZone),
    publicUrl: /^https?:\/\/[^\s"<>]+$/.test(textOr(source.publicUrl, '')) ? textOr(source.publicUrl, '').replace(/\/+$/, '') : DEFAULTS.publicUrl,
    dailyDigestHour: /^(1?\d|2[0-3])$/.test(textOr(source.dailyDigestHour, '')) ? textOr(source.dailyDigestHour, '') : DEFAULTS.dailyDigestHour,
    languages: textOr(source.languages, DEFAULTS.languages),
    corrections: /^[a-z]{2}:\d+(,[a-z]{2}:\d+)*$/.test(textOr(source.corrections, '')) ? textOr(source.corrections, '') : DEFAULTS.corrections,
  };
}

function readMetaTag(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector('meta[name="app-config"]')?.getAttribute('content') ?? null;
}

export const appConfig: AppConfig = parseAppConfig(readMetaTag());
