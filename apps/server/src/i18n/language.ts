/**
 * The languages the server's messages are answered in (docs/product.md#languages): English, the
 * language every message is written in and the default, and the three with a catalogue in
 * `locales/`. The same codes as the web app's.
 */
export const SERVER_LANGUAGES = ['en', 'af', 'zu', 'xh'] as const;
export type ServerLanguage = (typeof SERVER_LANGUAGES)[number];

const isServerLanguage = (code: string): code is ServerLanguage => (SERVER_LANGUAGES as readonly string[]).includes(code);

/**
 * A request's language, from its `Accept-Language` header: the first language it lists (by
 * weight, then by order) whose base subtag is one of ours ("af-ZA,af;q=0.9" → af), English when
 * none is (a missing header, "*", "fr-FR"). A language weighted q=0 is refused, so never chosen.
 */
export function languageOf(acceptLanguage: string | readonly string[] | undefined): ServerLanguage {
  const header = typeof acceptLanguage === 'string' ? acceptLanguage : (acceptLanguage ?? []).join(',');
  if (!header) return 'en';
  const ranges = header
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim());
      const weight = parameters.find((parameter) => /^q=/i.test(parameter));
      const q = weight === undefined ? 1 : Number(weight.slice(2));
      return { base: (range.split('-')[0] ?? '').toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { base } of ranges) if (isServerLanguage(base)) return base;
  return 'en';
}

/**
 * The language a person chose for their account (`users.user_metadata->>'language'`, set at
 * sign-up or by updateUser): what the mails and notifications sent to them are written in. English
 * when there is none, or it is not one of ours.
 */
export function accountLanguage(chosen: unknown): ServerLanguage {
  return typeof chosen === 'string' && isServerLanguage(chosen) ? chosen : 'en';
}
