import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ProviderId } from '@/lib/session/run-settings';

const STORAGE_KEY = 'tool-playground.provider-keys';

export type KeyState = {
  keys: Partial<Record<ProviderId, string>>;
  /** Keep the keys in sessionStorage (this tab only) rather than memory only. */
  remember: boolean;
  setKey(provider: ProviderId, key: string): void;
  setRemember(remember: boolean): void;
};

/**
 * Keys typed in the browser: kept apart from the session so they never reach a session
 * file, a share link or the session store. Memory only, unless the user asks to remember
 * them for this tab.
 */
export function createKeyStore(storage: Storage | undefined): StoreApi<KeyState> {
  let saved: Partial<Record<ProviderId, string>> = {};
  try {
    saved = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '{}');
  } catch {
    saved = {};
  }
  const store = createStore<KeyState>()((set) => ({
    keys: saved,
    remember: Object.keys(saved).length > 0,
    setKey: (provider, key) => set((state) => ({ keys: { ...state.keys, [provider]: key } })),
    setRemember: (remember) => set({ remember }),
  }));
  store.subscribe(({ keys, remember }) => {
    if (remember) storage?.setItem(STORAGE_KEY, JSON.stringify(keys));
    else storage?.removeItem(STORAGE_KEY);
  });
  return store;
}
