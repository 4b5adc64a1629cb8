import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type TestPostgres = { url: string; stop(): Promise<void> };

/** Debian's PostgreSQL binaries (`apt-get install postgresql`; `.ci/run` installs it). */
function binaries(): string {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort().at(-1) : undefined;
  if (!version)
    throw new Error(
      'PostgreSQL is not installed: `apt-get install postgresql` (the short-link store is tested against a real server).',
    );
  return join(root, version, 'bin');
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * A real PostgreSQL server for a test: a fresh cluster in a temp dir, on a loopback port, trust
 * auth for loopback only; run as the `postgres` user when the tests run as root (it refuses root).
 */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = binaries();
  const dir = mkdtempSync(join(tmpdir(), 'pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    asRoot ? (['runuser', ['-u', 'postgres', '--', command, ...args]] as const) : ([command, args] as const);
  const [initdb, initArgs] = run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  execFileSync(initdb, [...initArgs], { stdio: 'ignore' });
  const port = await freePort();
  const [postgres, args] = run(join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
  ]);
  const server = spawn(postgres, [...args], { stdio: 'ignore' });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const [isReady, readyArgs] = run(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]);
  for (let attempt = 0; ; attempt++) {
    try {
      execFileSync(isReady, [...readyArgs], { stdio: 'ignore' });
      break;
    } catch {
      if (attempt > 100) throw new Error('PostgreSQL did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    stop: async () => {
      // pg_ctl stops the server itself (a signal to `runuser` would not reach it).
      const exited = new Promise((resolve) => server.once('exit', resolve));
      const [pgCtl, stopArgs] = run(join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w']);
      execFileSync(pgCtl, [...stopArgs], { stdio: 'ignore' });
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
