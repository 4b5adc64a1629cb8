import 'server-only';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { McpCheckReport, McpCheckRevision, McpCheckScenario } from '../../mcp/mcp-route';
import type { McpConnection } from './connect-mcp-server';

/** The official conformance suite this playground runs (pinned in package.json). */
const SUITE = '@modelcontextprotocol/conformance';
/** The revisions the suite has server checks for; a later one (2026-07-28) has none yet. */
const SUITE_REVISIONS = ['2025-06-18', '2025-11-25'] as const;
/** Longest one run of the suite may take, in ms; then it is stopped and says so. */
const SUITE_TIMEOUT_MS = 120_000;
/** Most scenarios and checks read back (a run's files are trusted no more than the server it tested). */
const MAX_SCENARIOS = 200;
const MAX_CHECKS = 50;

/**
 * The suite's CLI, from the installed package (found from the app's directory: the bundler
 * would turn a `require.resolve` into a module id) and its version.
 */
function suiteCli(): { cli: string; version: string } {
  const root = join(process.cwd(), 'node_modules', ...SUITE.split('/'));
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  return { cli: join(root, 'dist', 'index.js'), version };
}

/** Runs the suite's server scenarios for `revision` against `url`; resolves with where it wrote its results. */
function runSuite(url: string, revision: string, outDir: string): Promise<{ ok: boolean; why?: string }> {
  const { cli } = suiteCli();
  return new Promise((resolve) => {
    // The suite gets no environment of this server (no keys): only what Node needs to run.
    const child = spawn(
      process.execPath,
      [cli, 'server', '--url', url, '--spec-version', revision, '--output-dir', outDir],
      { stdio: 'ignore', env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), NODE_ENV: 'production' } },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), SUITE_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, why: `the suite did not start: ${error.message}` });
    });
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve(
        signal === 'SIGKILL' ? { ok: false, why: `it took longer than ${SUITE_TIMEOUT_MS / 1000} s` } : { ok: true },
      );
    });
  });
}

/** One scenario's checks as the suite wrote them (`<outDir>/server-<scenario>-<time>/checks.json`). */
async function readScenario(dir: string, name: string): Promise<McpCheckScenario | undefined> {
  const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(name)?.[1];
  if (!scenario) return undefined;
  const written: unknown = JSON.parse(await readFile(join(dir, name, 'checks.json'), 'utf8').catch(() => '[]'));
  const checks = (Array.isArray(written) ? written : []).slice(0, MAX_CHECKS).flatMap((check) => {
    if (!check || typeof check !== 'object') return [];
    const { id, name: title, description, status, errorMessage } = check as Record<string, unknown>;
    if (typeof id !== 'string' || typeof status !== 'string') return [];
    return [
      {
        id: id.slice(0, 200),
        name: typeof title === 'string' ? title.slice(0, 200) : id.slice(0, 200),
        description: typeof description === 'string' ? description.slice(0, 2_000) : '',
        status: status.slice(0, 20),
        ...(typeof errorMessage === 'string' ? { errorMessage: errorMessage.slice(0, 2_000) } : {}),
      },
    ];
  });
  return { scenario: scenario.slice(0, 200), checks };
}

/** The suite's verdicts for `revision`, scenario by scenario, in the order it ran them. */
export async function checkWithSuite(url: string, revision: string): Promise<McpCheckRevision> {
  const outDir = await mkdtemp(join(tmpdir(), 'mcp-check-'));
  try {
    const ran = await runSuite(url, revision, outDir);
    const writtenAt = (name: string) => /-(\d{4}-\d{2}-\d{2}T[\d-]+Z)$/.exec(name)?.[1] ?? '';
    const names = (await readdir(outDir)).sort((a, b) => writtenAt(a).localeCompare(writtenAt(b)));
    const scenarios = (
      await Promise.all(names.slice(0, MAX_SCENARIOS).map((name) => readScenario(outDir, name)))
    ).filter((scenario): scenario is McpCheckScenario => scenario !== undefined);
    return { revision, scenarios, ...(ran.ok ? {} : { note: `The suite was stopped: ${ran.why}.` }) };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/**
 * `Check this server`: the official conformance suite's server scenarios for each revision it
 * has checks for and the server speaks, plus what the playground judges itself (whether
 * `tools/list` gives the same list in the same order twice, which prompt caches rely on).
 */
export async function checkMcpServer(connection: McpConnection, url: string): Promise<McpCheckReport> {
  const { version } = suiteCli();
  const spoken = connection.info.protocolVersion;
  const revisions: McpCheckRevision[] = [];
  for (const revision of SUITE_REVISIONS.filter((each) => each === '2025-11-25' || each === spoken))
    revisions.push(await checkWithSuite(url, revision));
  if (spoken && !SUITE_REVISIONS.some((each) => each === spoken) && spoken > '2025-11-25')
    revisions.push({
      revision: spoken,
      scenarios: [],
      note: `The conformance suite ${version} has no checks for ${spoken} yet; the 2025-11-25 checks above run on the server's 2025 handshake.`,
    });
  const first = (await connection.listTools()).map((tool) => tool.name);
  const second = (await connection.listTools()).map((tool) => tool.name);
  return {
    suite: `${SUITE} ${version}`,
    revisions,
    toolsListStable: first.length === second.length && first.every((name, index) => name === second[index]),
  };
}
