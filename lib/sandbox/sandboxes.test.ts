import { describe, expect, it } from 'vitest';
import { createFakeWebContainer, hangingWebContainer } from '../../testing/fake-web-container';
import { createOfflineSandbox } from './create-offline-sandbox';
import { cleanTerminalOutput, createWebContainerSandbox } from './create-web-container-sandbox';
import type { Sandbox } from './sandbox';
import { startWebContainerSandbox } from './start-web-container-sandbox';

const files = { 'a.txt': 'alpha\n', 'src/b.js': 'export const b = 1;\n' };

describe.each([
  { name: 'offline', create: () => createOfflineSandbox(files) },
  {
    name: 'WebContainer',
    create: () => startWebContainerSandbox(files, { boot: async () => createFakeWebContainer(), isolated: true }),
  },
])('the $name sandbox: snapshot, restore, remove', ({ create }) => {
  it('snapshots every file by relative path and restores to exactly that set', async () => {
    const sandbox: Sandbox = await create();
    expect(await sandbox.snapshot()).toEqual(files);
    await sandbox.writeFile(`${sandbox.root}/new.txt`, 'new');
    await sandbox.remove(`${sandbox.root}/src`);
    expect(await sandbox.snapshot()).toEqual({ 'a.txt': 'alpha\n', 'new.txt': 'new' });
    await sandbox.restore(files);
    expect(await sandbox.snapshot()).toEqual(files);
    expect(await sandbox.exists(`${sandbox.root}/new.txt`)).toBe(false);
  });

  it('removing a missing path is not an error', async () => {
    const sandbox = await create();
    await expect(sandbox.remove(`${sandbox.root}/nothing/here`)).resolves.toBeUndefined();
  });
});

describe('the WebContainer adapter', () => {
  it('runs bash as jsh -c in the working directory, with clean output and the exit code', async () => {
    const container = createFakeWebContainer(files);
    const sandbox = createWebContainerSandbox(container);
    const result = await sandbox.exec('ls; echo oops >&2; exit 3', { cwd: `${sandbox.root}/src` });
    expect(container.log.spawned).toEqual([{ command: 'jsh', args: ['-c', 'ls; echo oops >&2; exit 3'], cwd: 'src' }]);
    expect(result).toEqual({ stdout: 'b.js\noops\n', stderr: '', exitCode: 3 });
  });

  it('strips colour and cursor codes and carriage returns from terminal output', () => {
    expect(cleanTerminalOutput('\u001b[1;32mok\u001b[0m\r\nline\r\n\u001b[2K\u001b[1Gdone')).toBe('ok\nline\ndone');
  });

  it('kills a command when its signal fires and keeps what it printed', async () => {
    const container = hangingWebContainer(['partial ', '\u001b[33moutput\u001b[0m']);
    const sandbox = createWebContainerSandbox(container);
    const controller = new AbortController();
    const running = sandbox.exec('sleep 999', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect(await running).toEqual({ stdout: 'partial output', stderr: '', exitCode: 130 });
    expect(container.killed()).toBe(true);
  });

  it('refuses paths outside its workdir', async () => {
    const sandbox = createWebContainerSandbox(createFakeWebContainer(files));
    await expect(sandbox.readFile('/etc/passwd')).rejects.toThrow(/outside the workspace/);
  });
});

describe('starting WebContainer', () => {
  const boot = async () => createFakeWebContainer();

  it('says the page is not cross-origin isolated without trying to boot', async () => {
    let booted = false;
    const start = startWebContainerSandbox(files, {
      isolated: false,
      boot: async () => {
        booted = true;
        return createFakeWebContainer();
      },
    });
    await expect(start).rejects.toThrow('the page is not cross-origin isolated (it needs the COOP/COEP headers)');
    expect(booted).toBe(false);
  });

  it('passes on the reason its host cannot be reached', async () => {
    const probe = async () => {
      throw new Error('stackblitz.com could not be reached');
    };
    await expect(startWebContainerSandbox(files, { isolated: true, boot, probe })).rejects.toThrow(
      'stackblitz.com could not be reached',
    );
  });

  it('gives up on a boot that never finishes', async () => {
    const start = startWebContainerSandbox(files, {
      isolated: true,
      boot: () => new Promise(() => undefined),
      timeoutMs: 30,
    });
    await expect(start).rejects.toThrow('it did not boot within 0 s');
  });

  it('can be cancelled while booting', async () => {
    const controller = new AbortController();
    const start = startWebContainerSandbox(files, {
      isolated: true,
      boot: () => new Promise(() => undefined),
      signal: controller.signal,
    });
    controller.abort();
    await expect(start).rejects.toThrow('starting WebContainer was cancelled');
  });
});
