import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createSqliteLinkStore } from '../lib/server/links/sqlite-link-store';

const ROOT = join(import.meta.dirname, '..');
const links = (dataDir: string, ...args: string[]) =>
  execFileSync(
    join(ROOT, 'node_modules', '.bin', 'tsx'),
    [
      '--conditions=react-server',
      '--tsconfig',
      join(ROOT, 'tsconfig.json'),
      join(ROOT, 'scripts', 'links.ts'),
      ...args,
    ],
    { cwd: ROOT, env: { ...process.env, PLAYGROUND_DATA_DIR: dataDir, PLAYGROUND_LINK_STORE: '' }, encoding: 'utf8' },
  );

it('npm run links lists the largest links and deletes one without its token', { timeout: 60_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'links-cli-'));
  const store = createSqliteLinkStore(join(dataDir, 'links.sqlite'));
  for (const [id, size] of [
    ['small'.padEnd(22, 'x'), 100],
    ['large'.padEnd(22, 'x'), 5_000],
  ] as const)
    await store.put({
      id,
      body: new Uint8Array(size),
      tokenHash: 'h',
      createdAtMs: Date.now(),
      expiresAtMs: undefined,
      client: 'abc',
    });
  await store.close();
  const listed = links(dataDir, 'list').split('\n');
  expect(listed[0]).toMatch(/^largex{17} +5 KB +made .+ expires never +author abc$/);
  expect(listed[1]).toMatch(/^smallx{17} /);
  expect(links(dataDir, 'delete', 'large'.padEnd(22, 'x'))).toBe(`Deleted ${'large'.padEnd(22, 'x')}.\n`);
  expect(links(dataDir, 'list').split('\n')[0]).toMatch(/^smallx{17} /);
});
