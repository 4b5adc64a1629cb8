import { persist, type PersistStorage } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { readToolName } from '../shapes/tool-source';
import type { SavedSession, SessionStorage } from './create-session-storage';
import { markInterrupted } from './mark-interrupted';
import { SESSION_KEY_PREFIX } from './migrate-local-sessions';
import { pickSessionData } from './session-file';
import { SESSION_FORMAT_VERSION } from './session-format';
import { sessionStateCreator } from './session-store';
import { createInitialSession } from './initial-session';
import type { SessionActions, SessionState, SessionStore } from './session-state';

/** The key a session is saved under. */
export const sessionStorageKey = (id: string) => `${SESSION_KEY_PREFIX}${id}`;

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
      partialize: (state): SavedSession => ({
        ...pickSessionData(state),
        handlersTrusted: state.handlersTrusted,
        draft: state.draft,
        approval: state.approval,
      }),
      merge: (persisted, current) => {
        const saved = persisted as SavedSession | undefined;
        if (!saved) return current;
        const manualTools = new Set(
          saved.tools.filter((tool) => tool.run.kind === 'manual').map((tool) => readToolName(tool.source) ?? ''),
        );
        const { messages, interrupted } = markInterrupted(saved.messages, manualTools);
        return {
          ...current,
          ...saved,
          messages,
          selectedToolId: saved.tools[0]?.id,
          chatError: interrupted
            ? 'The last run was interrupted when the page was closed or reloaded; unfinished calls are marked. Send a message to go on.'
            : undefined,
        };
      },
    }),
  ) satisfies SessionStore;
}

/**
 * Puts the newest saved version of the open session on screen (another tab saved it) without
 * saving it back, and forgets this tab's unsaved change to it. Run state (a run in progress
 * in the other tab) is shown as saved, not marked interrupted: that run is still going.
 */
export async function loadNewestSaved(store: PersistentSessionStore, storage: SessionStorage): Promise<void> {
  const name = store.persist.getOptions().name;
  if (!name) return;
  const saved = await storage.getItem(name);
  if (!saved) return;
  store.setState(saved.state);
  storage.dropPending(name);
}

export type PersistentSessionStore = ReturnType<typeof createPersistentSessionStore>;
