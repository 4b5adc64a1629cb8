import { generateId } from 'ai';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { sessionStorageKey, type SavedSession } from '@/lib/session/create-persistent-session-store';
import type { ExampleSession } from '@/lib/session/example-sessions';
import { pickSessionData } from '@/lib/session/session-file';
import { parseSessionIndex, uniqueSessionName, type SessionEntry } from '@/lib/session/session-index';
import { SESSION_FORMAT_VERSION, type SessionData } from '@/lib/session/session-schema';
import { createInitialSession, type SessionStore } from '@/lib/session/session-store';
import type { PersistStorage } from 'zustand/middleware';

const INDEX_KEY = 'tool-playground:sessions';

export type LibraryState = { entries: SessionEntry[]; currentId: string; deleted: { entry: SessionEntry; saved: string | null } | undefined };

export type SessionLibrary = {
  state: StoreApi<LibraryState>;
  create(example?: ExampleSession): Promise<void>;
  switchTo(id: string): Promise<void>;
  rename(id: string, name: string): void;
  duplicate(id: string): void;
  remove(id: string): Promise<void>;
  undoRemove(): void;
  /** The session open now is a new one (e.g. a shared link made one's own). */
  adopt(id: string, name: string): void;
};

type LibraryOptions = {
  store: SessionStore;
  storage: PersistStorage<SavedSession> & { flush(): void };
  local: Storage;
  currentId: string;
  /** Saves the open session under another id from now on. */
  saveAs(id: string): void;
  /** Puts a session on screen and its files in the sandbox. */
  open(session: SessionData, trusted: boolean, draft: string): Promise<void>;
};

/**
 * The saved sessions: a list in localStorage next to each session's own saved state. New
 * (blank or from an example), switch, rename, duplicate, delete — and undo the delete.
 */
export function createSessionLibrary({ store, storage, local, currentId, saveAs, open }: LibraryOptions): SessionLibrary {
  const initial = parseSessionIndex(local.getItem(INDEX_KEY));
  if (!initial.some((entry) => entry.id === currentId)) initial.push({ id: currentId, name: uniqueSessionName('Session', initial), updatedAtMs: Date.now() });
  const state = createStore<LibraryState>(() => ({ entries: initial, currentId, deleted: undefined }));
  const write = (entries: SessionEntry[]) => {
    state.setState({ entries });
    try {
      local.setItem(INDEX_KEY, JSON.stringify(entries));
    } catch {
      store.getState().setStorageProblem('The session list could not be saved in this browser (storage is full).');
    }
  };
  write(initial);

  const readSaved = (id: string): SavedSession | undefined => {
    // A link open on screen is not the person's session: theirs is read from storage then.
    if (id === state.getState().currentId && !store.getState().readOnly) {
      const current = store.getState();
      return { ...pickSessionData(current), handlersTrusted: current.handlersTrusted, draft: current.draft, approval: current.approval };
    }
    const saved = storage.getItem(sessionStorageKey(id));
    return saved && !(saved instanceof Promise) && 'state' in saved ? saved.state : undefined;
  };

  const switchTo = async (id: string, fallback?: { session: SessionData; draft: string }) => {
    storage.flush();
    const saved = readSaved(id);
    saveAs(id);
    state.setState({ currentId: id });
    if (saved) await open(saved, saved.handlersTrusted, saved.draft);
    else await open(fallback?.session ?? createInitialSession(), true, fallback?.draft ?? '');
  };

  return {
    state,
    async create(example) {
      const id = `session-${generateId()}`;
      write([...state.getState().entries, { id, name: uniqueSessionName(example?.name ?? 'Session', state.getState().entries), updatedAtMs: Date.now() }]);
      await switchTo(id, example ? { session: structuredClone(example.session), draft: example.draft } : undefined);
    },
    switchTo: (id) => switchTo(id),
    rename(id, name) {
      const trimmed = name.trim();
      if (!trimmed) return;
      write(state.getState().entries.map((entry) => (entry.id === id ? { ...entry, name: trimmed } : entry)));
    },
    duplicate(id) {
      const saved = readSaved(id);
      const original = state.getState().entries.find((entry) => entry.id === id);
      if (!saved || !original) return;
      const copyId = `session-${generateId()}`;
      storage.setItem(sessionStorageKey(copyId), { state: structuredClone(saved), version: SESSION_FORMAT_VERSION });
      storage.flush();
      write([...state.getState().entries, { id: copyId, name: uniqueSessionName(`${original.name} copy`, state.getState().entries), updatedAtMs: Date.now() }]);
    },
    async remove(id) {
      const entry = state.getState().entries.find((candidate) => candidate.id === id);
      if (!entry) return;
      storage.flush();
      const raw = local.getItem(sessionStorageKey(id));
      const rest = state.getState().entries.filter((candidate) => candidate.id !== id);
      if (id === state.getState().currentId) {
        if (rest.length === 0) {
          const fresh = `session-${generateId()}`;
          rest.push({ id: fresh, name: uniqueSessionName('Session', rest), updatedAtMs: Date.now() });
        }
        write(rest);
        await switchTo(rest[0].id);
      } else write(rest);
      local.removeItem(sessionStorageKey(id));
      state.setState({ deleted: { entry, saved: raw } });
    },
    undoRemove() {
      const { deleted } = state.getState();
      if (!deleted) return;
      if (deleted.saved !== null) local.setItem(sessionStorageKey(deleted.entry.id), deleted.saved);
      write([...state.getState().entries, deleted.entry]);
      state.setState({ deleted: undefined });
    },
    adopt(id, name) {
      write([...state.getState().entries, { id, name: uniqueSessionName(name, state.getState().entries), updatedAtMs: Date.now() }]);
      state.setState({ currentId: id });
    },
  };
}
