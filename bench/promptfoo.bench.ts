import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'vitest';
import { stringify } from 'yaml';
import { readEvalSuite } from '@/lib/evals/read-eval-suite';
import { runEvalSuite } from '@/lib/evals/run-suite';
import { createOfflineSandbox } from '@/lib/sandbox/create-offline-sandbox';
import { handleChatRequest } from '@/lib/server/handle-chat-request';
import { createSchemaChecker } from '@/lib/tools/create-schema-checker';
import { startFakeProvider } from '@/testing/fake-provider/start-fake-provider';
import { withProductionPage } from './browser-bench';
import { type Figure, printFigures } from './measure';

/*
 * Eval throughput beside promptfoo's: the same promptfoo config (100 tests, one tool, three of
 * promptfoo's tool-call assertions), the same loopback fake provider answering at once, 4 at a
 * time — promptfoo's `eval`, `npm run eval`, the grid in this process, and the grid in the page
 * (production build, Chromium). Runs a second for each; promptfoo's figure needs it installed in
 * testing/promptfoo (`npm install` there), else it is left out with a sentence.
 */
const RUNS = 100;
const CONCURRENCY = 4;
const KEY = 'sk-bench-0123456789abcdef0123';
const PROMPTFOO = join('testing', 'promptfoo', 'node_modules', 'promptfoo', 'dist', 'src', 'entrypoint.js');
const CITIES = ['Paris', 'Oslo', 'Lima', 'Kyoto', 'Porto', 'Hanoi', 'Denver', 'Nairobi', 'Quito', 'Riga'];

const configText = (baseURL?: string) =>
  stringify({
    description: 'throughput',
    prompts: ['What is the weather in {{city}} on day {{day}}?'],
    providers: [
      {
        id: 'openai:chat:fake-script',
        config: {
          ...(baseURL ? { apiBaseUrl: baseURL } : {}),
          tools: [
            {
              type: 'function',
              function: {
                name: 'get_weather',
                description: 'The weather in a city',
                parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
              },
            },
          ],
        },
      },
    ],
    defaultTest: {
      assert: [
        { type: 'is-json' },
        { type: 'tool-call-f1', value: ['get_weather'] },
        { type: 'not-contains', value: 'rain' },
      ],
    },
    tests: Array.from({ length: RUNS }, (_, n) => ({ vars: { city: CITIES[n % CITIES.length], day: n } })),
    evaluateOptions: { maxConcurrency: CONCURRENCY },
  });

const run = (command: string, args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<number>((resolve, reject) => {
    const started = performance.now();
    execFile(command, args, { env, maxBuffer: 64 * 1024 * 1024, timeout: 300_000 }, (error, _out, stderr) => {
      // promptfoo exits 100 when an assertion failed, `npm run eval` 1: both ran every test.
      if (error && ![1, 100].includes(Number(error.code))) reject(new Error(`${command} ${args.join(' ')}: ${stderr}`));
      else resolve(performance.now() - started);
    });
  });

const figure = (name: string, ms: number): Figure => ({ name, iterations: RUNS, medianMs: ms / RUNS, p95Ms: ms });

test('promptfoo: eval throughput beside promptfoo’s, the same config and fake', { timeout: 600_000 }, async () => {
  const fake = await startFakeProvider();
  const baseURL = `${fake.url}/openai/v1`;
  const folder = mkdtempSync(join(tmpdir(), 'promptfoo-bench-'));
  const file = join(folder, 'promptfooconfig.yaml');
  writeFileSync(file, configText(baseURL));
  const env = {
    ...process.env,
    OPENAI_API_KEY: KEY,
    OPENAI_BASE_URL: baseURL,
    PROMPTFOO_DISABLE_TELEMETRY: '1',
    PROMPTFOO_DISABLE_UPDATE: '1',
    PROMPTFOO_CONFIG_DIR: join(folder, 'home'),
  };
  const rows: [string, number][] = [];
  const figures: Figure[] = [];
  try {
    if (existsSync(PROMPTFOO)) {
      const ms = await run(
        process.execPath,
        [
          PROMPTFOO,
          'eval',
          '-c',
          file,
          '--no-cache',
          '--no-table',
          '--no-progress-bar',
          '-j',
          String(CONCURRENCY),
          '-o',
          join(folder, 'out.json'),
        ],
        env,
      );
      rows.push(['promptfoo eval (process, start to end)', ms]);
    } else console.log('promptfoo is not installed in testing/promptfoo (npm install there): its figure is left out.');

    const cli = await run('npm', ['run', 'eval', '--silent', '--', file, '--concurrency', String(CONCURRENCY)], env);
    rows.push(['npm run eval (process, start to end)', cli]);
    figures.push(figure('promptfoo suite: npm run eval, per run', cli));

    const read = await readEvalSuite(configText());
    if (!read.ok) throw new Error(read.message);
    const started = performance.now();
    const { runs } = await runEvalSuite(
      { ...read.suite, concurrency: CONCURRENCY },
      {
        deps: {
          checker: createSchemaChecker(),
          fetch: ((_url: RequestInfo | URL, init?: RequestInit) =>
            handleChatRequest(new Request('http://localhost/api/chat', init), {
              simulatedChunkDelayMs: 0,
              env,
            })) as typeof fetch,
          createSandbox: async (files) => createOfflineSandbox(files ?? read.startingFiles),
        },
      },
    );
    if (runs.length !== RUNS) throw new Error(`${runs.length} runs, not ${RUNS}`);
    const inProcess = performance.now() - started;
    rows.push(['the grid in this process (runEvalSuite)', inProcess]);
    figures.push(figure('promptfoo suite: the grid in Node, per run', inProcess));

    Object.assign(process.env, { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: baseURL });
    await withProductionPage(3155, 'promptfoo', async (page) => {
      await page.getByRole('button', { name: 'Evals', exact: true }).click();
      const evals = page.getByRole('region', { name: 'Evals' });
      await evals.getByLabel('Eval cases file').setInputFiles({
        name: 'promptfooconfig.yaml',
        mimeType: 'application/yaml',
        buffer: Buffer.from(configText()),
      });
      await evals
        .getByRole('status')
        .filter({ hasText: /^Imported 100 cases/ })
        .waitFor();
      await evals.getByRole('spinbutton', { name: 'Eval concurrency' }).fill(String(CONCURRENCY));
      const clicked = performance.now();
      await evals.getByRole('button', { name: 'Run evals' }).click();
      await evals
        .getByRole('status')
        .filter({ hasText: `${RUNS} / ${RUNS} — done` })
        .waitFor({ timeout: 300_000 });
      const ms = performance.now() - clicked;
      rows.push(['the grid in the page (production build, Chromium)', ms]);
      figures.push(figure('promptfoo suite: the grid in the page, per run', ms));
    });
  } finally {
    await fake.close();
  }
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(
    `\n${RUNS} runs of one promptfoo config, ${CONCURRENCY} at a time, against the loopback fake:\n${rows
      .map(
        ([name, ms]) =>
          `${name.padEnd(width)}  ${(ms / 1000).toFixed(2).padStart(6)} s  ${((RUNS * 1000) / ms).toFixed(1).padStart(6)} runs/s`,
      )
      .join('\n')}`,
  );
  printFigures('promptfoo suite throughput', figures);
});
