import { createStore, type StoreApi } from 'zustand/vanilla';
import { type BoundKey, decideKey, type KeyDecision, providerAddress } from '@/lib/providers/key-address';
import { PROVIDER_IDS, type ProviderId } from '@/lib/shapes/run-settings-defaults';

const STORAGE_KEY = 'tool-playground.provider-keys';

export type KeyState = {
  /** Each provider's typed key, bound to the address it was typed for. */
  keys: Partial<Record<ProviderId, BoundKey>>;
  /** Other addresses the person allowed each key to go to (this tab only, never stored). */
  confirmed: Partial<Record<ProviderId, string[]>>;
  /** Keep the keys in sessionStorage (this tab only) rather than memory only. */
  remember: boolean;
  /** A key typed for the provider's address as the settings have it now. */
  setKey(provider: ProviderId, key: string, baseURL: string | undefined): void;
  /** The person allows the key to go to this address too (they typed it, or chose "Use this address"). */
  confirmAddress(provider: ProviderId, baseURL: string | undefined): void;
  setRemember(remember: boolean): void;
  /** Whether the key may go with a request to this address. */
  decide(provider: ProviderId, baseURL: string | undefined): KeyDecision;
};

/** Keys as stored: `{ key, address }` per provider; a bare string (before 0.14) is bound to the provider's home. */
function readSavedKeys(text: string | null | undefined): Partial<Record<ProviderId, BoundKey>> {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const keys: Partial<Record<ProviderId, BoundKey>> = {};
    for (const [provider, saved] of Object.entries(value)) {
      if (!(PROVIDER_IDS as readonly string[]).includes(provider)) continue;
      const id = provider as ProviderId;
      if (typeof saved === 'string') keys[id] = { key: saved, address: providerAddress(id, undefined) };
      else if (
        typeof saved === 'object' &&
        saved !== null &&
        typeof (saved as BoundKey).key === 'string' &&
        typeof (saved as BoundKey).address === 'string'
      )
        keys[id] = { key: (saved as BoundKey).key, address: (saved as BoundKey).address };
    }
    return keys;
  } catch {
    return {};
  }
}

/**
 * Keys typed in the browser: kept apart from the session so they never reach a session
 * file, a share link or the session store. Memory only, unless the user asks to remember
 * them for this tab. Each is bound to the address it was typed for (see docs/decisions/keys-and-route-guard.md).
 */
export function createKeyStore(storage: Storage | undefined): StoreApi<KeyState> {
  let saved: Partial<Record<ProviderId, BoundKey>> = {};
  try {
    saved = readSavedKeys(storage?.getItem(STORAGE_KEY));
  } catch {
    saved = {};
  }
  const store = createStore<KeyState>()((set, get) => ({
    keys: saved,
    confirmed: {},
    remember: Object.keys(saved).length > 0,
    setKey: (provider, key, baseURL) =>
      set((state) => ({ keys: { ...state.keys, [provider]: { key, address: providerAddress(provider, baseURL) } } })),
    confirmAddress: (provider, baseURL) =>
      set((state) => {
        const address = providerAddress(provider, baseURL);
        const known = state.confirmed[provider] ?? [];
        return known.includes(address) ? {} : { confirmed: { ...state.confirmed, [provider]: [...known, address] } };
      }),
    setRemember: (remember) => set({ remember }),
    decide: (provider, baseURL) => {
      const { keys, confirmed } = get();
      return decideKey(keys[provider], confirmed[provider], provider, baseURL);
    },
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
