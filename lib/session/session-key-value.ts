/**
 * Where saved sessions live: IndexedDB in the browser (no 5 MB ceiling), localStorage where
 * IndexedDB is refused, a Map in tests. Values are JSON text, so each backend stores the same.
 */
export type SessionKeyValue = {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  /**
   * Reads the value and writes what `decide` returns, as one step no other tab can come
   * between (an IndexedDB read-write transaction); `undefined` leaves the value as it is.
   */
  update(key: string, decide: (current: string | undefined) => string | undefined): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
};

/** A SessionKeyValue over a Storage (localStorage, or an in-memory one). Synchronous underneath, so `update` is atomic too. */
export function createStorageKeyValue(storage: Storage): SessionKeyValue {
  return {
    get: async (key) => storage.getItem(key) ?? undefined,
    set: async (key, value) => storage.setItem(key, value),
    update: async (key, decide) => {
      const next = decide(storage.getItem(key) ?? undefined);
      if (next !== undefined) storage.setItem(key, next);
    },
    del: async (key) => storage.removeItem(key),
    keys: async () =>
      Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
        (key): key is string => key !== null,
      ),
  };
}
