/**
 * Where the browser suite's server listens and logs; shared by the config, setup and helpers.
 * Without E2E_PORT a random port is chosen once in the main process; Playwright's workers inherit
 * it through the environment, so parallel runs on one machine do not collide.
 */
if (!process.env.E2E_PORT) process.env.E2E_PORT = String(4300 + Math.floor(Math.random() * 1500));

export const E2E_PORT = Number(process.env.E2E_PORT);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_LOG_FILE = `test-results/e2e-server-${E2E_PORT}.log`;
export const E2E_PID_FILE = `test-results/e2e-server-${E2E_PORT}.pid`;
