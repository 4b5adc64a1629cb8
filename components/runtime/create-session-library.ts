import { newId } from '@/lib/shapes/new-id';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { sessionStorageKey } from '@/lib/session/create-persistent-session-store';
import type { SavedSession, SessionStorage } from '@/lib/session/create-session-storage';
import type { SessionKeyValue } from '@/lib/session/session-key-value';
import type { ExampleSession } from '@/lib/opening/example-sessions';
import { pickSessionData } from '@/lib/session/session-file';
import { parseSessionIndex, uniqueSessionName, type SessionEntry } from '@/lib/session/session-index';
import { SESSION_FORMAT_VERSION } from '@/lib/session/session-format';
import type { SessionData } from '@/lib/session/session-schema';
import { createInitialSession } from '@/lib/session/initial-session';
import type { SessionStore } from '@/lib/session/session-state';

const INDEX_KEY = 'tool-playground:sessions';

export type LibraryState = {
  entries: SessionEntry[];
  currentId: string;
  deleted: { entry: SessionEntry; saved: string | null } | undefined;
  /** A built-in lesson opened from another session (`from` the lesson's, `to` the one before): `Leave lesson` goes back. */
  returnTo?: { from: string; to: string };
};

export type SessionLibrary = {
  state: StoreApi<LibraryState>;
  create(example?: ExampleSession): Promise<void>;
  switchTo(id: string): Promise<void>;
  rename(id: string, name: string): void;
  duplicate(id: string): Promise<void>;
  remove(id: string): Promise<void>;
  undoRemove(): Promise<void>;
  /** Reads the list again (another tab changed it). */
  refresh(): void;
  /** The session open now is a new one (e.g. a shared link made one's own). */
  adopt(id: string, name: string): void;
};

type LibraryOptions = {
  store: SessionStore;
  storage: SessionStorage;
  /** Where the sessions themselves are saved (IndexedDB). */
  kv: SessionKeyValue;
  /** Where the list of sessions is kept (small; localStorage, so other tabs hear of changes). */
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
export function createSessionLibrary({
  store,
  storage,
  kv,
  local,
  currentId,
  saveAs,
  open,
}: LibraryOptions): SessionLibrary {
  const readIndex = () => parseSessionIndex(local.getItem(INDEX_KEY));
  const state = createStore<LibraryState>(() => ({ entries: readIndex(), currentId, deleted: undefined }));
  /** Changes the list as stored now (another tab may have added to it), never a stale copy. */
  const write = (change: (entries: SessionEntry[]) => SessionEntry[]) => {
    const entries = change(readIndex());
    state.setState({ entries });
    try {
      local.setItem(INDEX_KEY, JSON.stringify(entries));
    } catch {
      store.getState().setStorageProblem('The session list could not be saved in this browser (storage is full).');
    }
  };
  const ensureListed = (id: string) =>
    write((entries) =>
      entries.some((entry) => entry.id === id)
        ? entries
        : [...entries, { id, name: uniqueSessionName('Session', entries), updatedAtMs: Date.now() }],
    );
  ensureListed(currentId);

  const readSaved = async (id: string): Promise<SavedSession | undefined> => {
    // A link open on screen is not the person's session: theirs is read from storage then.
    if (id === state.getState().currentId && !store.getState().readOnly) {
      const current = store.getState();
      return {
        ...pickSessionData(current),
        handlersTrusted: current.handlersTrusted,
        draft: current.draft,
        approval: current.approval,
      };
    }
    const saved = await storage.getItem(sessionStorageKey(id));
    return saved?.state;
  };

  const switchTo = async (id: string, fallback?: { session: SessionData; draft: string }) => {
    await storage.flush();
    const saved = await readSaved(id);
    saveAs(id);
    state.setState({ currentId: id });
    if (saved) await open(saved, saved.handlersTrusted, saved.draft);
    else await open(fallback?.session ?? createInitialSession(), true, fallback?.draft ?? '');
  };

  return {
    state,
    async create(example) {
      const id = `session-${newId()}`;
      write((entries) => [
        ...entries,
        { id, name: uniqueSessionName(example?.name ?? 'Session', entries), updatedAtMs: Date.now() },
      ]);
      await switchTo(id, example ? { session: structuredClone(example.session), draft: example.draft } : undefined);
    },
    switchTo: (id) => switchTo(id),
    rename(id, name) {
      const trimmed = name.trim();
      if (!trimmed) return;
      write((entries) => entries.map((entry) => (entry.id === id ? { ...entry, name: trimmed } : entry)));
    },
    async duplicate(id) {
      const saved = await readSaved(id);
      const original = state.getState().entries.find((entry) => entry.id === id);
      if (!saved || !original) return;
      const copyId = `session-${newId()}`;
      await kv.set(sessionStorageKey(copyId), JSON.stringify({ state: saved, version: SESSION_FORMAT_VERSION }));
      write((entries) => [
        ...entries,
        { id: copyId, name: uniqueSessionName(`${original.name} copy`, entries), updatedAtMs: Date.now() },
      ]);
    },
    async remove(id) {
      const entry = state.getState().entries.find((candidate) => candidate.id === id);
      if (!entry) return;
      await storage.flush();
      const raw = (await kv.get(sessionStorageKey(id))) ?? null;
      write((entries) => entries.filter((candidate) => candidate.id !== id));
      if (id === state.getState().currentId) {
        if (state.getState().entries.length === 0) ensureListed(`session-${newId()}`);
        await switchTo(state.getState().entries[0].id);
      }
      await storage.removeItem(sessionStorageKey(id));
      state.setState({ deleted: { entry, saved: raw } });
    },
    async undoRemove() {
      const { deleted } = state.getState();
      if (!deleted) return;
      state.setState({ deleted: undefined });
      if (deleted.saved !== null) await kv.set(sessionStorageKey(deleted.entry.id), deleted.saved);
      write((entries) => [...entries, deleted.entry]);
    },
    adopt(id, name) {
      write((entries) => [...entries, { id, name: uniqueSessionName(name, entries), updatedAtMs: Date.now() }]);
      state.setState({ currentId: id });
    },
    refresh() {
      state.setState({ entries: readIndex() });
    },
  };
}
