import type { SandboxFiles } from '../shapes/sandbox-status';
import { SHARE_PREFIX } from '../share/share-prefix';
import type { ReadLinkRequest } from '../share/read-link';
import { messagesBeforeMessage, messagesWithEditedResult, parseEditedResult } from '../messages/branches';
import type { StepSample } from '../shapes/step-samples';
import type { ParsedSession, SessionData } from '../session/session-schema';
import { isRunInProgress, type SessionStore } from '../session/session-state';
import { KEY_PREFIX, shortLinkIdOf, shortLinkRoute } from '../shapes/short-link-address';
import { fetchShortLinkOnServer } from '../share/fetch-short-link';

/** Where a session is saved, as far as opening and forking sessions needs it. */
export type SessionPersistence = {
  /** Reads the person's saved session into the store. */
  restore(): Promise<void>;
  /** Writes what is pending now. */
  flush(): Promise<void>;
  /** Saves the open session under this id from now on. */
  saveAs(id: string): void;
  /** The id of the person's own session (the one the session list has open). */
  ownSessionId(): string;
  /** Opens `id` on the next visit, without saving anything under it. */
  rememberCurrent(id: string): void;
  /** Lists a session made the person's own (a shared link forked). */
  adopt(id: string, name: string): void;
};

export type SessionControllerOptions = {
  store: SessionStore;
  persistence: SessionPersistence;
  /** The page's address: a share link comes in its fragment. */
  location: { readonly hash: string; readonly pathname: string };
  history: { replaceState(data: unknown, unused: string, url: string): void };
  /** Puts an opened session's files into the sandbox, if it is running (else it starts with them). */
  restoreSandbox(files: SandboxFiles): Promise<void>;
  /** Stops the run in progress, if any (aborts the request, releases every pause). */
  stop(): void;
  /** Sends the active branch again (after a fork), or with a new user message. */
  send(message?: { text: string }): void;
  /** Runs the calls of the active branch's last step that have no result (a branch opened from a sample). */
  runPendingCalls(): void;
  newId(): string;
  /** The page's fetch, for a short link's ciphertext (`GET /api/links/<id>`); the global one unless said. */
  fetch?: typeof globalThis.fetch;
  /**
   * Reads a link into a session — decrypt, inflate, parse and the strict reader, once (the
   * page passes its link worker, off its thread); by default here, the readers loaded on first use.
   */
  readLink?: (request: ReadLinkRequest) => Promise<ParsedSession>;
  /**
   * Starts `readLink`'s reader while a short link is fetched from `route` (the page may know the
   * size of a response it preloaded there, and start the reader that suits it).
   */
  warmLinkReader?: (route: string) => void;
};

export type ForkPoint = { kind: 'user-message'; messageId: string } | { kind: 'tool-result'; toolCallId: string };

export type SessionController = {
  /**
   * After mount: the person's saved session, then the share link in the address if there is
   * one. The sandbox is not started: the first tool call or change to the files starts it.
   */
  restoreSession(): Promise<void>;
  /** Shows a share link read-only (never saved); a damaged one is explained and changes nothing. */
  openShareLink(fragment: string): Promise<void>;
  /** Starts reading the link in the page's address (if any) now, before `restoreSession` opens it: the page calls it as it starts. */
  readAddressLink(): void;
  /** Whether the page's address held a link when it was read (`readAddressLink`): the page is a link's viewer, first. */
  hasAddressLink(): boolean;
  /** Shows a short link (`/s/<id>#k=<key>`) read-only, decrypted here; the same care as a share link. */
  openShortLink(id: string, key: string): Promise<void>;
  /** Replaces the session (a file, the list): the run stops, the sandbox gets its files. */
  openSession(session: SessionData, options: { trusted: boolean }): Promise<void>;
  /** Forks at a user message (sending `text` instead) or a tool result (answering with `text`); the old branch is kept. Returns why not, if not. */
  fork(at: ForkPoint, text: string): string | undefined;
  /** `Open sample N as a branch`: the step answered as the sample answered it, its calls run, the run goes on. Says why not, if not. */
  openSampleAsBranch(stepId: string, sample: Pick<StepSample, 'text' | 'calls'>): Promise<string | undefined>;
  /** Makes a session opened from a link the person's own: saved under a new id, editable, listed. */
  forkToEdit(): void;
};

/** The id the read-only view of a link is known by (it is never saved). */
const SHARED_LINK_ID = 'shared-link';

/**
 * Opening, restoring and forking sessions, with the page's location and history and the
 * persistence passed in — so it runs, and is tested, without a browser.
 */
export function createSessionController(options: SessionControllerOptions): SessionController {
  const { store, persistence, restoreSandbox, stop } = options;

  const openShared = async (shared: ParsedSession) => {
    if (!shared.ok) {
      store.getState().setStorageProblem(shared.message);
      return;
    }
    stop();
    await persistence.flush();
    persistence.saveAs(SHARED_LINK_ID);
    // The next plain visit opens the person's own session, not the link.
    persistence.rememberCurrent(persistence.ownSessionId());
    store.getState().loadSession(shared.session, { trusted: false, readOnly: true });
    await restoreSandbox(shared.session.files);
  };

  const readLink =
    options.readLink ?? (async (request: ReadLinkRequest) => (await import('../share/read-link')).readLink(request));
  const openShareLink = async (fragment: string) => openShared(await readLink({ kind: 'fragment', fragment }));

  const readShortLink = async (id: string, key: string): Promise<ParsedSession> => {
    options.warmLinkReader?.(shortLinkRoute(id));
    const fetched = await fetchShortLinkOnServer(options.fetch ?? fetch, id);
    if (!fetched.ok)
      return {
        ok: false,
        message: `This short link cannot be opened: ${fetched.why}. Ask for a new link, or for the session file.`,
      };
    return readLink({ kind: 'sealed', ciphertext: fetched.ciphertext, key });
  };
  const openShortLink = async (id: string, key: string) => openShared(await readShortLink(id, key));

  /** The link in the page's address, read (fetched, decrypted, checked), or undefined when it holds none. */
  const readLinkInAddress = (): Promise<ParsedSession> | undefined => {
    const shortId = shortLinkIdOf(options.location.pathname);
    if (shortId) {
      const key = options.location.hash.startsWith(KEY_PREFIX) ? options.location.hash.slice(KEY_PREFIX.length) : '';
      return readShortLink(shortId, key);
    }
    if (options.location.hash.startsWith(SHARE_PREFIX))
      return readLink({ kind: 'fragment', fragment: options.location.hash });
    return undefined;
  };
  // Read once: as early as the page asks (`readAddressLink`), opened by `restoreSession`.
  let addressLink: { reading: Promise<ParsedSession> | undefined } | undefined;
  const readAddressLink = () => {
    addressLink ??= { reading: readLinkInAddress() };
    // (It fails when awaited in `restoreSession`; until then its failure is not an unhandled one.)
    addressLink.reading?.catch(() => undefined);
    return addressLink.reading;
  };

  return {
    openShareLink,
    openShortLink,
    readAddressLink: () => void readAddressLink(),
    hasAddressLink: () => addressLink?.reading !== undefined,
    async restoreSession() {
      // The link is read while the person's own session is restored; it opens once both are done.
      const reading = readAddressLink();
      await persistence.restore();
      if (reading) await openShared(await reading);
    },
    async openSession(session, { trusted }) {
      stop();
      store.getState().loadSession(session, { trusted });
      await restoreSandbox(session.files);
    },
    fork(at, text) {
      const state = store.getState();
      if (state.readOnly) return 'A shared session is read-only: press “Fork to edit” to make it yours first.';
      if (isRunInProgress(state)) return 'Stop the run before forking.';
      if (at.kind === 'user-message') {
        const before = messagesBeforeMessage(state.messages, at.messageId);
        if (!before) return 'That message is not in the active branch.';
        if (!text.trim()) return 'Type the message to send on the new branch.';
        state.startBranch(before);
        options.send({ text });
        return undefined;
      }
      const forked = messagesWithEditedResult(state.messages, at.toolCallId, parseEditedResult(text), options.newId());
      if (!forked) return 'That tool result is not in the active branch.';
      state.startBranch(forked);
      options.send();
      return undefined;
    },
    async openSampleAsBranch(stepId, sample) {
      const state = store.getState();
      if (state.readOnly) return 'A shared session is read-only: press “Fork to edit” to make it yours first.';
      if (isRunInProgress(state)) return 'Stop the run before opening a sample as a branch.';
      // Loaded on use: the first load does not carry it.
      const { messagesWithSample } = await import('../messages/sample-branch');
      const branch = messagesWithSample(store.getState().messages, stepId, sample, options.newId);
      if (!branch) return 'That step is not in the active branch.';
      store.getState().startBranch(branch);
      options.runPendingCalls();
      return undefined;
    },
    forkToEdit() {
      const id = `session-${options.newId()}`;
      persistence.saveAs(id);
      persistence.adopt(id, 'Shared session');
      store.getState().leaveReadOnly();
      // The link's address (and its key) leaves the address bar: the session is the person's now.
      options.history.replaceState(
        null,
        '',
        shortLinkIdOf(options.location.pathname) ? '/' : options.location.pathname,
      );
    },
  };
}
