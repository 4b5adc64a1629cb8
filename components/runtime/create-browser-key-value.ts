import { createStore, del, get, keys, set, update } from 'idb-keyval';
import { migrateLocalSessions } from '@/lib/session/migrate-local-sessions';
import { createStorageKeyValue, type SessionKeyValue } from '@/lib/session/session-key-value';

/**
 * Sessions in IndexedDB (database "tool-playground", store "sessions"), with the ones earlier
 * versions kept in localStorage moved over on first use. Where IndexedDB is refused (some
 * private modes, storage blocked), `fallback` — localStorage, or memory — holds them instead.
 */
export function createBrowserKeyValue(local: Storage, fallback: Storage): SessionKeyValue {
  const ready: Promise<SessionKeyValue> = (async () => {
    try {
      const db = createStore('tool-playground', 'sessions');
      await get('probe', db);
      const idb: SessionKeyValue = {
        get: (key) => get<string>(key, db),
        set: (key, value) => set(key, value, db),
        update: (key, decide) => update<string | undefined>(key, (current) => decide(current) ?? current, db),
        del: (key) => del(key, db),
        keys: async () => (await keys(db)).map(String),
      };
      await migrateLocalSessions(local, idb);
      return idb;
    } catch {
      return createStorageKeyValue(fallback);
    }
  })();
  return {
    get: async (key) => (await ready).get(key),
    set: async (key, value) => (await ready).set(key, value),
    update: async (key, decide) => (await ready).update(key, decide),
    del: async (key) => (await ready).del(key),
    keys: async () => (await ready).keys(),
  };
}
