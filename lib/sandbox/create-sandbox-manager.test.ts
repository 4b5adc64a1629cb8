import { describe, expect, it } from 'vitest';
import { createFakeWebContainer } from '../../testing/fake-web-container';
import { createOfflineSandbox } from './create-offline-sandbox';
import { createSandboxManager, type SandboxManagerOptions } from './create-sandbox-manager';
import type { SandboxFiles } from '../shapes/sandbox-status';
import { describeSandboxStatus, splitSandboxStatus } from './sandbox-status';
import type { SandboxStatus } from '../shapes/sandbox-status';
import { startWebContainerSandbox } from './start-web-container-sandbox';

function setUp(overrides: Partial<SandboxManagerOptions> = {}) {
  let files: SandboxFiles = { 'a.txt': 'alpha\n' };
  const statuses: SandboxStatus[] = [];
  const manager = createSandboxManager({
    startOffline: createOfflineSandbox,
    startWebContainer: (start, signal) =>
      startWebContainerSandbox(start, { isolated: true, boot: async () => createFakeWebContainer(), signal }),
    getFiles: () => files,
    onStatus: (status) => statuses.push(status),
    onFilesChanged: (changed) => {
      files = changed;
    },
    now: () => 0,
    ...overrides,
  });
  return { manager, statuses, files: () => files };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the sandbox manager', () => {
  it('starts nothing until asked: opening a session before then only changes the files it will start with', async () => {
    let started = 0;
    const { manager, statuses } = setUp({
      startOffline: async (files) => {
        started++;
        return createOfflineSandbox(files);
      },
    });
    await manager.restoreIfStarted({ 'b.txt': 'bee' });
    expect(started).toBe(0);
    expect(statuses).toEqual([]);
    const sandbox = await manager.get('offline');
    await manager.restoreIfStarted({ 'c.txt': 'sea' });
    expect(started).toBe(1);
    expect(await sandbox.snapshot()).toEqual({ 'c.txt': 'sea' });
  });

  it('Auto runs WebContainer when it boots', async () => {
    const { manager, statuses } = setUp();
    const sandbox = await manager.get('auto');
    expect(sandbox.kind).toBe('webcontainer');
    expect(statuses.map(describeSandboxStatus)).toEqual([
      'Sandbox: starting WebContainer…',
      'Sandbox: WebContainer (Node.js and jsh in the browser)',
    ]);
    // The header shows the words that fit; the rest is read on and in the tooltip.
    expect(splitSandboxStatus(statuses.at(-1)!)).toEqual({
      shown: 'Sandbox: WebContainer',
      more: ' (Node.js and jsh in the browser)',
    });
    expect(splitSandboxStatus({ kind: 'idle' } as never)).toEqual({
      shown: 'Sandbox: not started yet',
      more: ' (it starts with the first tool call)',
    });
  });

  it('Auto falls back to offline and says why', async () => {
    const { manager, statuses } = setUp({
      startWebContainer: async () => Promise.reject(new Error('stackblitz.com could not be reached')),
    });
    expect((await manager.get('auto')).kind).toBe('offline');
    expect(describeSandboxStatus(statuses.at(-1)!)).toBe(
      'Sandbox: offline (bash emulation, in-memory files) — WebContainer could not start: stackblitz.com could not be reached',
    );
  });

  it('an explicit WebContainer that cannot start fails with the reason instead of falling back', async () => {
    const { manager, statuses } = setUp({
      startWebContainer: async () => Promise.reject(new Error('it did not boot within 20 s')),
    });
    await expect(manager.get('webcontainer')).rejects.toThrow('it did not boot within 20 s');
    expect(describeSandboxStatus(statuses.at(-1)!)).toBe('Sandbox: failed to start — it did not boot within 20 s');
  });

  it('cancelling a slow boot in Auto falls back to offline', async () => {
    const { manager, statuses } = setUp({
      startWebContainer: (files, signal) =>
        startWebContainerSandbox(files, { isolated: true, boot: () => new Promise(() => undefined), signal }),
    });
    const started = manager.get('auto');
    await settled();
    manager.cancelStart();
    expect((await started).kind).toBe('offline');
    expect(statuses.at(-1)).toEqual({
      kind: 'ready',
      sandboxKind: 'offline',
      fallbackReason: 'starting WebContainer was cancelled',
    });
  });

  it('keeps the session files current and carries them into the next sandbox', async () => {
    const { manager, files } = setUp();
    const first = await manager.get('offline');
    await first.writeFile(`${first.root}/b.txt`, 'beta');
    await first.exec('rm a.txt');
    await settled();
    expect(files()).toEqual({ 'b.txt': 'beta' });
    const second = await manager.switchTo('webcontainer');
    expect(second.kind).toBe('webcontainer');
    expect(await second.snapshot()).toEqual({ 'b.txt': 'beta' });
    expect(await manager.get('auto')).toBe(second);
  });
});
