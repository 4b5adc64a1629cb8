import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_QUIET_ARGS } from '../scripts/first-load/chromium';
import { tinyGgufPath } from '../testing/tiny-gguf-path';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
/** The loopback fake provider the provider e2e tests point the real providers at. */
export const FAKE_PROVIDER_PORT = Number(process.env.FAKE_PROVIDER_PORT ?? 3199);
/** The MCP reference server (`@modelcontextprotocol/server-everything`, Streamable HTTP) the MCP e2e tests connect to. */
export const MCP_EVERYTHING_PORT = Number(process.env.MCP_EVERYTHING_PORT ?? 3198);
/** An MCP server on the SDK v2, which speaks the 2026-07-28 revision (testing/start-mcp-modern-server.ts). */
export const MCP_MODERN_PORT = Number(process.env.MCP_MODERN_PORT ?? 3196);
/** The model mirror (testing/model-mirror): the tiny GGUF at /models/*.gguf, as a deployment's own mirror would serve a model. */
export const MODEL_MIRROR_PORT = Number(process.env.MODEL_MIRROR_PORT ?? 3197);
const tinyModel = tinyGgufPath('tools');
/** The catalogue the test server offers (PLAYGROUND_MODEL_CATALOGUE): the tiny model, and one whose listed SHA-256 is wrong. */
export const E2E_MODEL_CATALOGUE = {
  models: [
    {
      id: 'tiny-tools',
      name: 'Tiny test model',
      publisher: 'Tool Playground tests',
      licence: 'Apache-2.0',
      url: `http://127.0.0.1:${MODEL_MIRROR_PORT}/models/tiny-tools.gguf`,
      sizeBytes: readFileSync(tinyModel).length,
      sha256: createHash('sha256').update(readFileSync(tinyModel)).digest('hex'),
      note: 'Random weights, for tests.',
    },
    {
      id: 'tiny-wrong-checksum',
      name: 'Tiny model with a wrong checksum',
      publisher: 'Tool Playground tests',
      licence: 'Apache-2.0',
      url: `http://127.0.0.1:${MODEL_MIRROR_PORT}/models/tiny-wrong.gguf`,
      sizeBytes: readFileSync(tinyModel).length,
      sha256: 'ab'.repeat(32),
      note: '',
    },
  ],
  redirectOrigins: [],
};
const catalogueFile = join(tmpdir(), `tool-playground-e2e-${MODEL_MIRROR_PORT}`, 'model-catalogue.json');
mkdirSync(join(catalogueFile, '..'), { recursive: true });
writeFileSync(catalogueFile, JSON.stringify(E2E_MODEL_CATALOGUE));
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
            ...CHROMIUM_QUIET_ARGS,
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
      command: 'node_modules/.bin/node testing/serve-mcp-modern-server.ts',
      cwd: root,
      port: MCP_MODERN_PORT,
      reuseExistingServer: !process.env.CI,
      env: { MCP_MODERN_PORT: String(MCP_MODERN_PORT) },
    },
    {
      command: 'node_modules/.bin/node testing/model-mirror/serve-model-mirror.ts',
      cwd: root,
      port: MODEL_MIRROR_PORT,
      reuseExistingServer: !process.env.CI,
      env: { MODEL_MIRROR_PORT: String(MODEL_MIRROR_PORT), MODEL_MIRROR_FILE: tinyModel },
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
        PLAYGROUND_MODEL_CATALOGUE: catalogueFile,
        OPENAI_API_KEY: E2E_SERVER_KEY,
        GOOGLE_GENERATIVE_AI_API_KEY: E2E_SERVER_KEY,
        // The server sends its keys only to each provider's home; here the loopback fake is that home.
        OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_PROVIDER_PORT}/openai/v1`,
        GOOGLE_GENERATIVE_AI_BASE_URL: `http://127.0.0.1:${FAKE_PROVIDER_PORT}/google/v1beta`,
      },
    },
  ],
});
