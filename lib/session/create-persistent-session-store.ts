import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { APPROVAL_POLICIES, type ApprovalPolicy } from '../agent/approval-policy';
import { readToolName } from '../tools/edit-tool-source';
import { markInterrupted } from './mark-interrupted';
import { pickSessionData } from './session-file';
import { parseSessionData, SESSION_FORMAT_VERSION, type SessionData } from './session-schema';
import { createInitialSession, sessionStateCreator, type SessionActions, type SessionState, type SessionStore } from './session-store';

/** What is saved: the session, the message being typed, and whether its JavaScript handlers may run. */
export type SavedSession = SessionData & { handlersTrusted: boolean; draft: string; approval: ApprovalPolicy };

/** The key a session is saved under. */
export const sessionStorageKey = (id: string) => `tool-playground:session:${id}`;

export type StorageProblem = { kind: 'unreadable' | 'not-saved'; message: string };

/** How long changes gather before one write (a streaming run changes the session per chunk). */
const WRITE_DELAY_MS = 400;

/**
 * A persist storage over localStorage (or any Storage): writes are gathered and made at
 * most every 400 ms (and at once on `flush`, e.g. when the page is hidden); what is read
 * back is validated, and a saved session that no longer validates is kept aside under a
 * backup key instead of being lost or crashing the page.
 */
export function createSessionStorage(storage: Storage, onProblem: (problem: StorageProblem) => void): PersistStorage<SavedSession> & { flush(): void } {
  const pending = new Map<string, StorageValue<SavedSession>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const [name, value] of pending) {
      try {
        storage.setItem(name, JSON.stringify(value));
      } catch (error) {
        onProblem({ kind: 'not-saved', message: `The session could not be saved in this browser (${error instanceof Error ? error.message : String(error)}). Export it as a file to keep it.` });
      }
    }
    pending.clear();
  };
  return {
    flush,
    getItem(name) {
      const text = storage.getItem(name);
      if (text === null) return null;
      let value: { state?: unknown; version?: number } | undefined;
      try {
        value = JSON.parse(text);
      } catch {
        value = undefined;
      }
      const parsed = parseSessionData(value?.state);
      if (!parsed.ok) {
        const backup = `${name}:unreadable:${Date.now()}`;
        try {
          storage.setItem(backup, text);
        } catch {
          // No room for the backup either; the original stays where it is until overwritten.
        }
        onProblem({ kind: 'unreadable', message: `The saved session could not be read (${parsed.message}); a new one was started and the old data was kept under "${backup}".` });
        return null;
      }
      const extra = value?.state as { handlersTrusted?: unknown; draft?: unknown; approval?: unknown };
      return {
        state: {
          ...parsed.session,
          handlersTrusted: extra.handlersTrusted === true,
          draft: typeof extra.draft === 'string' ? extra.draft : '',
          approval: typeof extra.approval === 'string' && extra.approval in APPROVAL_POLICIES ? (extra.approval as ApprovalPolicy) : 'run-everything',
        },
        version: value?.version,
      };
    },
    setItem(name, value) {
      pending.set(name, value);
      timer ??= setTimeout(flush, WRITE_DELAY_MS);
    },
    removeItem(name) {
      pending.delete(name);
      storage.removeItem(name);
    },
  };
}

/**
 * The session store, saved in the browser as it changes. It hydrates only when asked
 * (`store.persist.rehydrate()` after the page mounted), so the server-rendered page and
 * the first client render agree. A run that was cut off by a reload comes back marked
 * interrupted.
 */
export function createPersistentSessionStore(storage: PersistStorage<SavedSession>, sessionId: string) {
  return createStore<SessionState & SessionActions>()(
    persist(sessionStateCreator(createInitialSession()), {
      name: sessionStorageKey(sessionId),
      version: SESSION_FORMAT_VERSION,
      storage,
      skipHydration: true,
      partialize: (state): SavedSession => ({ ...pickSessionData(state), handlersTrusted: state.handlersTrusted, draft: state.draft, approval: state.approval }),
      merge: (persisted, current) => {
        const saved = persisted as SavedSession | undefined;
        if (!saved) return current;
        const manualTools = new Set(saved.tools.filter((tool) => tool.run.kind === 'manual').map((tool) => readToolName(tool.source) ?? ''));
        const { messages, interrupted } = markInterrupted(saved.messages, manualTools);
        return {
          ...current,
          ...saved,
          messages,
          selectedToolId: saved.tools[0]?.id,
          chatError: interrupted ? 'The last run was interrupted when the page was closed or reloaded; unfinished calls are marked. Send a message to go on.' : undefined,
        };
      },
    }),
  ) satisfies SessionStore;
}
