import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
/** The loopback fake provider the provider e2e tests point the real providers at. */
export const FAKE_PROVIDER_PORT = Number(process.env.FAKE_PROVIDER_PORT ?? 3199);
/** The MCP reference server (`@modelcontextprotocol/server-everything`, Streamable HTTP) the MCP e2e tests connect to. */
export const MCP_EVERYTHING_PORT = Number(process.env.MCP_EVERYTHING_PORT ?? 3198);
/** Keys the test server "has" in its environment (never real). */
export const E2E_SERVER_KEY = 'sk-e2e-server-key-0123456789';
// Debian's Chromium where it is installed (CI installs it); Playwright's own browser elsewhere.
const debianChromium = '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  outputDir: `${root}test-results`,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1600, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: existsSync(debianChromium)
      ? {
          executablePath: debianChromium,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        }
      : undefined,
  },
  webServer: [
    {
      command: 'node_modules/.bin/node testing/fake-provider/serve-fake-provider.ts',
      cwd: root,
      port: FAKE_PROVIDER_PORT,
      reuseExistingServer: !process.env.CI,
      env: { FAKE_PROVIDER_PORT: String(FAKE_PROVIDER_PORT) },
    },
    {
      command: 'node node_modules/@modelcontextprotocol/server-everything/dist/index.js streamableHttp',
      cwd: root,
      port: MCP_EVERYTHING_PORT,
      reuseExistingServer: !process.env.CI,
      env: { PORT: String(MCP_EVERYTHING_PORT) },
    },
    {
      // The production build (`npm run build` runs first in `npm test`).
      command: `node_modules/.bin/next start -p ${port}`,
      cwd: root,
      url: `http://localhost:${port}/api/providers`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: {
        NEXT_TELEMETRY_DISABLED: '1',
        OPENAI_API_KEY: E2E_SERVER_KEY,
        GOOGLE_GENERATIVE_AI_API_KEY: E2E_SERVER_KEY,
        // The server sends its keys only to each provider's home; here the loopback fake is that home.
        OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_PROVIDER_PORT}/openai/v1`,
        GOOGLE_GENERATIVE_AI_BASE_URL: `http://127.0.0.1:${FAKE_PROVIDER_PORT}/google/v1beta`,
      },
    },
  ],
});
