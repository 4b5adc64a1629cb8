import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withMcpTestServers } from './mcp-test-servers';

const { servers, post } = withMcpTestServers();

/** The conformance CLI's own verdicts, run here as its README says, read from the files it writes. */
function cliVerdicts(url: string, revision: string): Record<string, [string, string][]> {
  const manifest = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json');
  const out = mkdtempSync(join(tmpdir(), 'conformance-cli-'));
  try {
    execFileSync(
      process.execPath,
      [join(dirname(manifest), 'dist', 'index.js'), 'server', '--url', url, '--spec-version', revision, '-o', out],
      { stdio: 'ignore', timeout: 120_000 },
    );
  } catch {
    // It exits non-zero when a check fails; the verdicts are in its files.
  }
  try {
    return Object.fromEntries(
      readdirSync(out).map((name) => [
        name.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, ''),
        (JSON.parse(readFileSync(join(out, name, 'checks.json'), 'utf8')) as { id: string; status: string }[]).map(
          (check) => [check.id, check.status] as [string, string],
        ),
      ]),
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

describe('Check this server: the official conformance suite, as its CLI judges', () => {
  it('gives, check by check, the verdicts the CLI writes for the same server (2025-11-25)', async () => {
    const { connectionId } = await (await post({ action: 'connect', url: servers().everything.url })).json();
    const answered = await post({ action: 'check', connectionId });
    expect(answered.status).toBe(200);
    const report = await answered.json();
    expect(report.suite).toBe('@modelcontextprotocol/conformance 0.1.16');
    expect(report.toolsListStable).toBe(true);
    expect(report.revisions.map((each: { revision: string }) => each.revision)).toEqual(['2025-11-25']);
    const ours = Object.fromEntries(
      report.revisions[0].scenarios.map((scenario: { scenario: string; checks: { id: string; status: string }[] }) => [
        scenario.scenario,
        scenario.checks.map((check) => [check.id, check.status]),
      ]),
    );
    expect(Object.keys(ours).length).toBeGreaterThan(20);
    expect(ours).toEqual(cliVerdicts(servers().everything.url, '2025-11-25'));
    // Each check carries the requirement in the suite's words.
    expect(report.revisions[0].scenarios[0].checks[0].description).not.toBe('');
    await post({ action: 'disconnect', connectionId });
  }, 120_000);

  it('a 2026-07-28 server: the suite has no checks for it yet, and says so beside its 2025 checks', async () => {
    const { connectionId } = await (await post({ action: 'connect', url: servers().modern.url })).json();
    const report = await (await post({ action: 'check', connectionId })).json();
    expect(report.revisions.map((each: { revision: string }) => each.revision)).toEqual(['2025-11-25', '2026-07-28']);
    expect(report.revisions[1].note).toMatch(/no checks for 2026-07-28 yet/);
    await post({ action: 'disconnect', connectionId });
  }, 120_000);
});
