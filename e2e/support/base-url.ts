/** Where the browser tests find the console: one place for the config and the helpers. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${E2E_PORT}`;
