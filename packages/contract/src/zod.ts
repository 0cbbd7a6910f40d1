import { z } from 'zod';

/*
 * The one place zod is loaded, for the contract, the server and the web app (eslint refuses any
 * other `import … from 'zod'`), so this setting comes before any schema exists: zod never
 * evaluates code. Without it, building the first object schema probes `new Function('')` to
 * decide whether to compile fast parsers, and under the app's Content-Security-Policy (no
 * 'unsafe-eval') the browser reports that probe as a violation on every screen
 * (docs/security.md#the-browser). Parsing stays correct, a little slower for large objects.
 */
z.config({ jitless: true });

export { z };
