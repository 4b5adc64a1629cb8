import { createStore, type StoreApi } from 'zustand/vanilla';
import { PROVIDER_IDS, type ProviderId } from '@/lib/session/run-settings-defaults';

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
    const value: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '{}');
    // Only provider ids with string keys; anything else stored there (null, an array) is ignored.
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      saved = Object.fromEntries(
        Object.entries(value).filter(
          ([provider, key]) => (PROVIDER_IDS as readonly string[]).includes(provider) && typeof key === 'string',
        ),
      );
    }
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
    try {
      if (remember) storage?.setItem(STORAGE_KEY, JSON.stringify(keys));
      else storage?.removeItem(STORAGE_KEY);
    } catch {
      // Storage full or refused: the keys stay in memory, which is where they start anyway.
    }
  });
  return store;
}
