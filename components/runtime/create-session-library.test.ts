import { describe, expect, it } from 'vitest';
import { createPersistentSessionStore, sessionStorageKey } from '@/lib/session/create-persistent-session-store';
import { createSessionStorage } from '@/lib/session/create-session-storage';
import { EXAMPLE_SESSIONS } from '@/lib/opening/example-sessions';
import { createMemoryStorage } from '@/lib/session/open-browser-storage';
import { createStorageKeyValue } from '@/lib/session/session-key-value';
import type { SessionData } from '@/lib/session/session-schema';
import { createSessionLibrary } from './create-session-library';

/** A library over in-memory storage, as one tab sees it; `local` may be shared with another tab. */
async function openTab(local = createMemoryStorage(), kv = createStorageKeyValue(createMemoryStorage())) {
  const storage = createSessionStorage(kv, { tabId: 't', onProblem: () => undefined });
  const store = createPersistentSessionStore(storage, 'first');
  await store.persist.rehydrate();
  const opened: SessionData[] = [];
  const library = createSessionLibrary({
    store,
    storage,
    kv,
    local,
    currentId: 'first',
    saveAs: (id) => store.persist.setOptions({ name: sessionStorageKey(id) }),
    open: async (session, trusted, draft) => {
      opened.push(session);
      store.getState().loadSession(session, { trusted });
      store.getState().setDraft(draft);
    },
  });
  const names = () => library.state.getState().entries.map((entry) => entry.name);
  return { store, storage, kv, local, library, opened, names };
}

describe('the session library', () => {
  it('creates from an example, switches back and forth with each session as it was', async () => {
    const { store, library, names } = await openTab();
    store.getState().setDraft('draft in the first');
    await library.create(EXAMPLE_SESSIONS[0]);
    expect(names()).toEqual(['Session', EXAMPLE_SESSIONS[0].name]);
    expect(store.getState().draft).toBe(EXAMPLE_SESSIONS[0].draft);
    await library.switchTo('first');
    expect(store.getState().draft).toBe('draft in the first');
  });

  it('renames, duplicates, deletes the open session (opening another) and undoes the delete', async () => {
    const { store, storage, kv, library, names } = await openTab();
    store.getState().setDraft('keep me');
    await storage.flush();
    library.rename('first', 'Listing');
    await library.duplicate('first');
    expect(names()).toEqual(['Listing', 'Listing copy']);
    await library.remove('first');
    expect(names()).toEqual(['Listing copy']);
    expect(await kv.get(sessionStorageKey('first'))).toBeUndefined();
    expect(store.getState().draft).toBe('keep me');
    await library.undoRemove();
    expect(names()).toEqual(['Listing copy', 'Listing']);
    expect(JSON.parse((await kv.get(sessionStorageKey('first')))!).state.draft).toBe('keep me');
  });

  it("never overwrites another tab's additions to the list, and refreshes when told", async () => {
    const shared = createMemoryStorage();
    const kv = createStorageKeyValue(createMemoryStorage());
    const a = await openTab(shared, kv);
    const b = await openTab(shared, kv);
    await a.library.create();
    expect(b.names()).toEqual(['Session']);
    b.library.rename('first', 'Renamed in B');
    expect(b.names()).toEqual(['Renamed in B', 'Session 2']);
    a.library.refresh();
    expect(a.names()).toEqual(['Renamed in B', 'Session 2']);
  });
});
