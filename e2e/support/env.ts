import { execFileSync } from 'node:child_process';

/**
 * Where the browser suite's servers listen and log; shared by the config, setup and helpers.
 * Without E2E_PORT, the main process asks the system once for three ports nothing listens on (the
 * journey server's, the many-missions server's and the programme-editing server's); Playwright's workers inherit them through the
 * environment, so parallel runs on one machine do not collide, nor does a run with a database or
 * a broker that already listens on this machine.
 */
if (!process.env.E2E_PORT || !process.env.E2E_SEEDED_PORT || !process.env.E2E_PROGRAMME_PORT) {
  // All listen at once, so the system cannot hand out the same port twice.
  const script = `const net = require('node:net');
const servers = [net.createServer(), net.createServer(), net.createServer()];
let listening = 0;
for (const server of servers) server.listen(0, '127.0.0.1', () => {
  listening += 1;
  if (listening === servers.length) {
    process.stdout.write(servers.map((s) => s.address().port).join(' '));
    for (const s of servers) s.close();
  }
});`;
  const [journeys, seeded, programme] = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).split(' ');
  process.env.E2E_PORT = journeys;
  process.env.E2E_SEEDED_PORT = seeded;
  process.env.E2E_PROGRAMME_PORT = programme;
}

export const E2E_PORT = Number(process.env.E2E_PORT);
/** The port of the server that many-missions.spec.ts seeds for itself. */
export const E2E_SEEDED_PORT = Number(process.env.E2E_SEEDED_PORT);
/** The port of the server whose programme programme-editing.spec.ts changes. */
export const E2E_PROGRAMME_PORT = Number(process.env.E2E_PROGRAMME_PORT);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_LOG_FILE = `test-results/e2e-server-${E2E_PORT}.log`;
/** The journeys' server's pid and data folder, for the teardown to stop it and remove the folder. */
export const E2E_SERVER_FILE = `test-results/e2e-server-${E2E_PORT}.json`;
