/** Where the browser suite's server listens and logs; shared by the config, setup and helpers. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_LOG_FILE = 'test-results/e2e-server.log';
export const E2E_PID_FILE = 'test-results/e2e-server.pid';
