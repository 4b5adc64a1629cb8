import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
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
  webServer: {
    // The production build (`npm run build` runs first in `npm test`).
    command: `node_modules/.bin/next start -p ${port}`,
    cwd: root,
    url: `http://localhost:${port}/api/providers`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    env: { NEXT_TELEMETRY_DISABLED: '1' },
  },
});
