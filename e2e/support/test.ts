import { test as base, type Browser, type BrowserContext } from '@playwright/test';

export * from '@playwright/test';

/** What the page reports for each Content-Security-Policy violation, on the console, so the journey can read it. */
const MARK = '[csp-violation]';

/**
 * Every journey imports `test` from here (eslint refuses '@playwright/test' in the specs): it
 * fails any journey in which a page broke the Content-Security-Policy, in its own context and in
 * every context it opens with `browser.newContext()` (docs/security.md#the-browser). The browser
 * fires `securitypolicyviolation` even for a blocked attempt that the page's code caught, which
 * a console check alone would miss.
 */
export const test = base.extend<{ cspViolations: string[]; routesEndWithTheJourney: undefined }>({
  cspViolations: [
    async ({ context, browser }, use, testInfo) => {
      const violations: string[] = [];
      const guard = async (watched: BrowserContext) => {
        await watched.addInitScript((mark) => {
          document.addEventListener('securitypolicyviolation', (event) => {
            console.error(`${mark} ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
          });
        }, MARK);
        watched.on('console', (message) => {
          if (message.text().startsWith(MARK)) violations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
        });
      };
      await guard(context);
      const newContext = browser.newContext.bind(browser);
      const patched: Browser['newContext'] = async (options) => {
        const made = await newContext(options);
        await guard(made);
        return made;
      };
      browser.newContext = patched;
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      if (violations.length > 0 && testInfo.status === testInfo.expectedStatus) {
        throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
      }
    },
    { auto: true },
  ],
  /**
   * A journey's route handlers stop with it. The live channel has a page read a list again at any
   * moment, so a handler may still be fetching that read's answer as the context closes; the answer
   * is gone then, and the handler's error would fail a journey that had passed. Handlers that throw
   * while the journey runs still fail it.
   */
  routesEndWithTheJourney: [
    async ({ context }, use) => {
      await use(undefined);
      await Promise.all([context, ...context.pages()].map((routed) => routed.unrouteAll({ behavior: 'ignoreErrors' })));
    },
    { auto: true },
  ],
});
