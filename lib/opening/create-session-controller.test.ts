import { describe, expect, it, vi } from 'vitest';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import type { Sandbox } from '../sandbox/sandbox';
import { makeShareLink, SHARE_PREFIX } from '../share/share-link';
import {
  createSessionController,
  type SessionControllerOptions,
  type SessionPersistence,
} from './create-session-controller';
import type { SessionStore } from '../session/session-state';
import { pickSessionData } from '../session/session-file';
import { createSessionStore } from '../session/session-store';

/** A controller over a plain store, a real offline sandbox and recording fakes for the page and persistence. */
async function setUp(hash = '') {
  const store = createSessionStore();
  const sandbox: Sandbox = await createOfflineSandbox(store.getState().files);
  const calls: string[] = [];
  const persistence: SessionPersistence = {
    restore: async () => void calls.push('restore'),
    flush: async () => void calls.push('flush'),
    saveAs: (id) => void calls.push(`saveAs ${id}`),
    ownSessionId: () => 'mine',
    rememberCurrent: (id) => void calls.push(`remember ${id}`),
    adopt: (id, name) => void calls.push(`adopt ${id.replace(/-.*/, '-…')} ${name}`),
  };
  const history = { replaceState: vi.fn() };
  const send = vi.fn();
  const runPendingCalls = vi.fn();
  const stop = vi.fn();
  const controller = createSessionController({
    store,
    persistence,
    location: { hash, pathname: '/' },
    history,
    restoreSandbox: (files) => sandbox.restore(files),
    stop,
    send,
    runPendingCalls,
    newId: () => 'x1',
  });
  return { store, sandbox, calls, history, send, runPendingCalls, stop, controller };
}

function sharedFragment(): string {
  const author = createSessionStore();
  author.getState().setFiles({ 'only-in-link.txt': 'from the link' });
  author.getState().updateSettings({ maxSteps: 9 });
  const link = makeShareLink(pickSessionData(author.getState()), 'https://playground.test/');
  if (!link.ok) throw new Error(link.message);
  return link.url.slice(link.url.indexOf('#'));
}

/** A controller on a saved session that restores with `restore`, and the rest of the page doing nothing. */
function quietController(
  location: { hash: string; pathname: string },
  restore: () => Promise<void>,
  options: Pick<SessionControllerOptions, 'readLink' | 'fetch' | 'warmLinkReader'> & { store?: SessionStore },
) {
  return createSessionController({
    store: options.store ?? createSessionStore(),
    persistence: {
      restore,
      flush: async () => undefined,
      saveAs: () => undefined,
      ownSessionId: () => 'mine',
      rememberCurrent: () => undefined,
      adopt: () => undefined,
    },
    readLink: options.readLink,
    fetch: options.fetch,
    warmLinkReader: options.warmLinkReader,
    location,
    history: { replaceState: () => undefined },
    restoreSandbox: async () => undefined,
    stop: () => undefined,
    send: () => undefined,
    runPendingCalls: () => undefined,
    newId: () => 'x1',
  });
}

describe('the session controller', () => {
  it('restores the saved session, then shows a link in the address read-only, never saving it', async () => {
    const { store, sandbox, calls, controller } = await setUp(sharedFragment());
    await controller.restoreSession();
    expect(calls).toEqual(['restore', 'flush', 'saveAs shared-link', 'remember mine']);
    expect(store.getState()).toMatchObject({ readOnly: true, handlersTrusted: false, settings: { maxSteps: 9 } });
    expect(await sandbox.readFile(`${sandbox.root}/only-in-link.txt`)).toBe('from the link');
  });

  it('reads the link in the address as soon as the page asks, while the saved session is still being restored', async () => {
    const store = createSessionStore();
    const order: string[] = [];
    let restored: () => void = () => undefined;
    const controller = quietController(
      { hash: sharedFragment(), pathname: '/' },
      () => new Promise<void>((resolve) => (restored = () => resolve(void order.push('restored')))),
      {
        store,
        readLink: async (request) => {
          order.push(`read ${request.kind}`);
          return (await import('../share/read-link')).readLink(request);
        },
      },
    );
    controller.readAddressLink();
    const restoring = controller.restoreSession();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Read once, before the saved session is back; opened only after it is.
    expect(order).toEqual(['read fragment']);
    expect(store.getState().readOnly).toBe(false);
    restored();
    await restoring;
    expect(order).toEqual(['read fragment', 'restored']);
    expect(store.getState()).toMatchObject({ readOnly: true, settings: { maxSteps: 9 } });
  });

  it('a short link in the address: the page is its viewer; its reader is started while the ciphertext is fetched, then reads it', async () => {
    const order: string[] = [];
    let answer: (response: Response) => void = () => undefined;
    const controller = quietController({ hash: '#k=key', pathname: `/s/${'a'.repeat(22)}` }, async () => undefined, {
      fetch: async (url) => {
        order.push(`fetch ${String(url)}`);
        return new Promise<Response>((resolve) => (answer = resolve));
      },
      warmLinkReader: (route) => order.push(`warm ${route}`),
      readLink: async (request) => {
        order.push(`read ${request.kind} ${request.kind === 'sealed' ? request.ciphertext.byteLength : ''}`);
        return { ok: false, message: 'not a session' };
      },
    });
    expect(controller.hasAddressLink()).toBe(false);
    const restoring = controller.restoreSession();
    expect(controller.hasAddressLink()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual([`warm /api/links/${'a'.repeat(22)}`, `fetch /api/links/${'a'.repeat(22)}`]);
    answer(new Response(new Uint8Array(40)));
    await restoring;
    expect(order).toEqual([
      `warm /api/links/${'a'.repeat(22)}`,
      `fetch /api/links/${'a'.repeat(22)}`,
      'read sealed 40',
    ]);
  });

  it('explains a damaged link and changes nothing', async () => {
    const { store, calls, controller } = await setUp(`${SHARE_PREFIX}broken`);
    const before = pickSessionData(store.getState());
    await controller.restoreSession();
    expect(calls).toEqual(['restore']);
    expect(store.getState().storageProblem).toMatch(/^This share link cannot be opened: /);
    expect(pickSessionData(store.getState())).toEqual(before);
  });

  it('"Fork to edit" saves the link as a new session of the person\'s, lists it and clears the address', async () => {
    const { store, calls, history, controller } = await setUp(sharedFragment());
    await controller.restoreSession();
    controller.forkToEdit();
    expect(calls.slice(-2)).toEqual(['saveAs session-x1', 'adopt session-… Shared session']);
    expect(store.getState().readOnly).toBe(false);
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/');
  });

  it('forks at a user message or a tool result, keeping the old branch; refuses while read-only or running', async () => {
    const { store, send, controller } = await setUp();
    store.setState({
      messages: [
        { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'first' }] },
        {
          id: 'a1',
          role: 'assistant',
          parts: [
            { type: 'step-start' },
            {
              type: 'dynamic-tool',
              toolName: 'think',
              toolCallId: 'c1',
              state: 'output-available',
              input: {},
              output: 'ok',
            },
          ],
        },
      ],
    });
    expect(controller.fork({ kind: 'user-message', messageId: 'nope' }, 'x')).toBe(
      'That message is not in the active branch.',
    );
    expect(controller.fork({ kind: 'user-message', messageId: 'u1' }, '  ')).toBe(
      'Type the message to send on the new branch.',
    );
    expect(controller.fork({ kind: 'user-message', messageId: 'u1' }, 'second')).toBeUndefined();
    expect(send).toHaveBeenLastCalledWith({ text: 'second' });
    expect(store.getState().branches).toHaveLength(1);
    expect(store.getState().messages).toEqual([]);

    store.getState().switchBranch(store.getState().branches[0].id);
    expect(controller.fork({ kind: 'tool-result', toolCallId: 'c1' }, '"edited"')).toBeUndefined();
    expect(send).toHaveBeenLastCalledWith();
    expect(store.getState().branches).toHaveLength(2);

    store.setState({ chatStatus: 'streaming' });
    expect(controller.fork({ kind: 'user-message', messageId: 'u1' }, 'again')).toBe('Stop the run before forking.');
    store.setState({ chatStatus: 'ready', readOnly: true });
    expect(controller.fork({ kind: 'user-message', messageId: 'u1' }, 'again')).toMatch(/read-only/);
  });

  it('opens a session: the run stops, the store and the sandbox take its contents', async () => {
    const { store, sandbox, stop, controller } = await setUp();
    const other = createSessionStore();
    other.getState().setFiles({ 'b.txt': 'bee' });
    await controller.openSession(pickSessionData(other.getState()), { trusted: true });
    expect(stop).toHaveBeenCalled();
    expect(store.getState().files).toEqual({ 'b.txt': 'bee' });
    expect(await sandbox.snapshot()).toEqual({ 'b.txt': 'bee' });
  });
});
