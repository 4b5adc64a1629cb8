import type { PersistStorage, StorageValue } from 'zustand/middleware';
import { APPROVAL_POLICIES, type ApprovalPolicy } from '../shapes/approval';
import type { SessionData } from './session-schema';
import type { SessionKeyValue } from './session-key-value';

/** What is saved: the session, the message being typed, and whether its JavaScript handlers may run. */
export type SavedSession = SessionData & { handlersTrusted: boolean; draft: string; approval: ApprovalPolicy };

export type StorageProblem = { kind: 'unreadable' | 'not-saved'; message: string };

/** How long changes gather before one write (a streaming run changes the session per chunk). */
const WRITE_DELAY_MS = 400;

/** What is written under a session's key: zustand's value, and which tab wrote which revision. */
type Envelope = StorageValue<unknown> & { rev?: number; tab?: string };

/** A tab says it wrote a revision of a key (over a BroadcastChannel). */
export type SavedNotice = { name: string; rev: number; tab: string };

/** What crosses between tabs: a BroadcastChannel, or a stand-in in tests. */
export type TabChannel = {
  postMessage(notice: SavedNotice): void;
  onmessage: ((event: { data: SavedNotice }) => void) | null;
};

export type SessionStorageOptions = {
  /** This tab's id, written with each revision. */
  tabId: string;
  onProblem(problem: StorageProblem): void;
  /** Tells the other tabs about each write, and hears theirs. */
  channel?: TabChannel;
  /** Another tab saved a newer revision and this tab has no unsaved change: it may load it. */
  onNewerElsewhere?(name: string): void;
  /** Another tab saved a newer revision while this tab has changes of its own: nothing is written until the person chooses. */
  onConflict?(name: string): void;
  /** False while nothing should be saved (a shared link shown read-only). */
  shouldSave?(): boolean;
};

export type SessionStorage = PersistStorage<SavedSession> & {
  /** Writes what is pending now (also when the page is hidden). */
  flush(): Promise<void>;
  /** Forgets this tab's unsaved change (pending or held back): the person took the other tab's version. */
  dropPending(name: string): void;
  /** Writes this tab's held version over the other tab's (the person chose to keep it). */
  keepMine(name: string): Promise<void>;
  /** Whether a write is waiting (a change not yet saved). */
  hasPending(name: string): boolean;
};

function parseEnvelope(text: string | undefined): Envelope | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Envelope) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A persist storage over a SessionKeyValue (IndexedDB in the browser). Writes are gathered
 * and made at most every 400 ms; what is read back is validated, and a saved session that no
 * longer validates is kept aside under a backup key instead of being lost or crashing the page.
 *
 * Two tabs on one session never overwrite each other silently: each write carries a revision,
 * made atomically over the one it replaces. A tab whose last-known revision is older than the
 * stored one does not write; it hears of the newer one (BroadcastChannel) and either loads it
 * (nothing of its own unsaved) or reports a conflict for the person to settle.
 */
export function createSessionStorage(kv: SessionKeyValue, options: SessionStorageOptions): SessionStorage {
  const { tabId, onProblem, channel } = options;
  const pending = new Map<string, StorageValue<SavedSession>>();
  /** Writes refused because another tab saved first, kept for "keep mine". */
  const held = new Map<string, StorageValue<SavedSession>>();
  /** The revision of each key this tab last read or wrote. */
  const known = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const write = async (name: string, value: StorageValue<SavedSession>, force: boolean) => {
    let conflict = false;
    let rev = 0;
    try {
      const text = JSON.stringify(value);
      await kv.update(name, (current) => {
        const stored = parseEnvelope(current);
        const storedRev = stored?.rev ?? 0;
        if (!force && stored && storedRev > (known.get(name) ?? 0) && stored.tab !== tabId) {
          conflict = true;
          return undefined;
        }
        rev = storedRev + 1;
        return `${text.slice(0, -1)},"rev":${rev},"tab":${JSON.stringify(tabId)}}`;
      });
    } catch (error) {
      onProblem({
        kind: 'not-saved',
        message: `The session could not be saved in this browser (${error instanceof Error ? error.message : String(error)}). Export it as a file to keep it.`,
      });
      return;
    }
    if (conflict) {
      held.set(name, value);
      options.onConflict?.(name);
      return;
    }
    held.delete(name);
    known.set(name, rev);
    channel?.postMessage({ name, rev, tab: tabId });
  };

  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    const writes = [...pending];
    pending.clear();
    for (const [name, value] of writes) await write(name, value, false);
  };

  if (channel) {
    channel.onmessage = ({ data }) => {
      if (!data || data.tab === tabId || data.rev <= (known.get(data.name) ?? 0)) return;
      const mine = pending.get(data.name);
      if (mine === undefined && !held.has(data.name)) return options.onNewerElsewhere?.(data.name);
      // This tab's change waits for the person's choice, as the notice says: not written meanwhile.
      if (mine !== undefined) held.set(data.name, mine);
      pending.delete(data.name);
      options.onConflict?.(data.name);
    };
  }

  return {
    flush,
    hasPending: (name) => pending.has(name) || held.has(name),
    dropPending: (name) => {
      pending.delete(name);
      held.delete(name);
      // Nothing left to write: the next change waits its own full delay, not what remains of this one's.
      if (pending.size === 0) {
        clearTimeout(timer);
        timer = undefined;
      }
    },
    async keepMine(name) {
      const value = pending.get(name) ?? held.get(name);
      pending.delete(name);
      if (value) await write(name, value, true);
    },
    async getItem(name) {
      const text = await kv.get(name);
      if (text === undefined) return null;
      const value = parseEnvelope(text);
      known.set(name, value?.rev ?? 0);
      return readSaved(kv, name, text, value, onProblem);
    },
    setItem(name, value) {
      if (options.shouldSave && !options.shouldSave()) return;
      // Held for the person's choice between this tab's version and another's: the newest change joins it.
      if (held.has(name)) return void held.set(name, value);
      pending.set(name, value);
      timer ??= setTimeout(() => void flush(), WRITE_DELAY_MS);
    },
    async removeItem(name) {
      pending.delete(name);
      held.delete(name);
      known.delete(name);
      await kv.del(name);
    },
  };
}

/**
 * A saved session as the store takes it back: validated, with the page's own settings beside it.
 * One that no longer validates is kept aside under a backup key, said, and read as none.
 */
async function readSaved(
  kv: SessionKeyValue,
  name: string,
  text: string,
  value: ReturnType<typeof parseEnvelope>,
  onProblem: SessionStorageOptions['onProblem'],
): Promise<StorageValue<SavedSession> | null> {
  const { parseSessionData } = await import('./session-schema');
  const parsed = parseSessionData(value?.state);
  if (!parsed.ok) {
    const backup = `${name}:unreadable:${Date.now()}`;
    try {
      await kv.set(backup, text);
    } catch {
      // No room for the backup either; the original stays where it is until overwritten.
    }
    onProblem({
      kind: 'unreadable',
      message: `The saved session could not be read (${parsed.message}); a new one was started and the old data was kept under "${backup}".`,
    });
    return null;
  }
  const extra = value?.state as { handlersTrusted?: unknown; draft?: unknown; approval?: unknown };
  return {
    state: {
      ...parsed.session,
      handlersTrusted: extra.handlersTrusted === true,
      draft: typeof extra.draft === 'string' ? extra.draft : '',
      approval:
        typeof extra.approval === 'string' && extra.approval in APPROVAL_POLICIES
          ? (extra.approval as ApprovalPolicy)
          : 'run-everything',
    },
    version: value?.version,
  };
}
