import { z } from 'zod';

/**
 * Runtime configuration. The server replaces the placeholder
 * `<meta name="app-config" content="{}">` in index.html with the deployment's values;
 * anything missing or malformed falls back to the defaults below.
 */
const DEFAULTS = {
  productName: 'Mission Control',
  programmeName: 'Community Mission Game 2025',
  preSurveyUrl: '/demo-survey/pre',
  postSurveyUrl: '/demo-survey/post',
} as const;

const text = (fallback: string) => z.string().trim().min(1).catch(fallback);

const appConfigSchema = z.object({
  productName: text(DEFAULTS.productName),
  programmeName: text(DEFAULTS.programmeName),
  preSurveyUrl: text(DEFAULTS.preSurveyUrl),
  postSurveyUrl: text(DEFAULTS.postSurveyUrl),
});

export type AppConfig = z.infer<typeof appConfigSchema>;

export function parseAppConfig(raw: string | null | undefined): AppConfig {
  let json: unknown = {};
  if (raw) {
    try {
      json = JSON.parse(raw);
    } catch {
      console.warn('app-config meta tag is not valid JSON; using defaults');
    }
  }
  const parsed = appConfigSchema.safeParse(json);
  return parsed.success ? parsed.data : { ...DEFAULTS };
}

function readMetaTag(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector('meta[name="app-config"]')?.getAttribute('content') ?? null;
}

export const appConfig: AppConfig = parseAppConfig(readMetaTag());
