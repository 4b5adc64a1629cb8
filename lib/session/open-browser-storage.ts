/** An in-memory Storage: what the app uses when the browser refuses it one. */
export function createMemoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

export type OpenedStorage = { storage: Storage; problem: string | undefined };

/**
 * The browser's localStorage or sessionStorage if it can really be used — reading the
 * property throws where cookies are off or in some cross-site frames, and writing throws
 * in some private modes — else an in-memory one and a sentence saying so.
 */
export function openBrowserStorage(get: () => Storage): OpenedStorage {
  try {
    const storage = get();
    const probe = 'tool-playground:probe';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return { storage, problem: undefined };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      storage: createMemoryStorage(),
      problem: `This browser does not let the playground store anything (${reason}). It works, but in memory only: export the session as a file to keep it.`,
    };
  }
}
