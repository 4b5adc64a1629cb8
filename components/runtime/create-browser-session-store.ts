import { newId } from '@/lib/shapes/new-id';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  createPersistentSessionStore,
  loadNewestSaved,
  sessionStorageKey,
  type PersistentSessionStore,
} from '@/lib/session/create-persistent-session-store';
import { createSessionStorage, type SessionStorage, type TabChannel } from '@/lib/session/create-session-storage';
import { openBrowserStorage } from '@/lib/session/open-browser-storage';
import type { SessionKeyValue } from '@/lib/session/session-key-value';
import { createSessionStore } from '@/lib/session/session-store';
import type { SessionStore } from '@/lib/session/session-state';
import { createBrowserKeyValue } from './create-browser-key-value';

/** The key under which the id of the session last open is kept. */
export const CURRENT_SESSION_KEY = 'tool-playground:current-session';

/** What this tab knows of other tabs on the same session. */
export type TabSyncState = { conflict: boolean };

/** Two tabs changed the open session: the person picks which version goes on. */
export type TabSync = {
  state: StoreApi<TabSyncState>;
  /** Puts the other tab's version on screen; this tab's unsaved change is dropped. */
  loadTheirs(): Promise<void>;
  /** Saves this tab's version over the other tab's. */
  keepMine(): Promise<void>;
};

/**
 * In the browser, the session is saved in IndexedDB as it changes (createSessionStorage);
 * it is restored by `restoreSession` after mount. On the server (the first render) it is a
 * plain store.
 */
export type BrowserSessionStore = SessionStore & {
  restore?: () => Promise<void>;
  saveAs?: (sessionId: string) => void;
  storage?: SessionStorage;
  kv?: SessionKeyValue;
  local?: Storage;
  sessionId?: string;
  tabs?: TabSync;
  /** Stops hearing other tabs. */
  close?: () => void;
};

export function createBrowserSessionStore(): BrowserSessionStore {
  if (typeof window === 'undefined') return createSessionStore();
  const local = openBrowserStorage(() => window.localStorage);
  const kv = createBrowserKeyValue(local.storage, local.storage);
  const channel =
    typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('tool-playground:sessions');
  const sync = createStore<TabSyncState>(() => ({ conflict: false }));
  // The store is made with the storage, and the storage reports to the store: bound late.
  let store: PersistentSessionStore | undefined;
  const isOpen = (name: string) => store?.persist.getOptions().name === name;
  const storage: SessionStorage = createSessionStorage(kv, {
    tabId: newId(),
    channel: channel as TabChannel | undefined,
    onProblem: (problem) => store?.getState().setStorageProblem(problem.message),
    shouldSave: () => store?.getState().readOnly !== true,
    onNewerElsewhere: (name) => {
      if (isOpen(name) && store) void loadNewestSaved(store, storage);
    },
    onConflict: (name) => {
      if (isOpen(name)) sync.setState({ conflict: true });
    },
  });
  const sessionId = local.storage.getItem(CURRENT_SESSION_KEY) || 'default';
  const created = createPersistentSessionStore(storage, sessionId);
  store = created;
  if (local.problem) created.getState().setStorageProblem(local.problem);
  const openName = () => created.persist.getOptions().name ?? '';
  const tabs: TabSync = {
    state: sync,
    async loadTheirs() {
      storage.dropPending(openName());
      await loadNewestSaved(created, storage);
      sync.setState({ conflict: false });
    },
    async keepMine() {
      // Queue the state as it is now, then write it over the other tab's revision.
      created.setState({});
      await storage.keepMine(openName());
      sync.setState({ conflict: false });
    },
  };
  return Object.assign(created, {
    storage,
    kv,
    local: local.storage,
    sessionId,
    tabs,
    close: () => channel?.close(),
    restore: () => created.persist.rehydrate(),
    /** From now on the session is saved under this id (a shared link made the person's own). */
    saveAs: (id: string) => {
      created.persist.setOptions({ name: sessionStorageKey(id) });
      try {
        local.storage.setItem(CURRENT_SESSION_KEY, id);
      } catch {
        // Storage full: the session is still saved under its id; the next visit opens the last one listed.
      }
    },
  });
}
