import { describe, expect, it, vi } from 'vitest';
import { createPersistentSessionStore, loadNewestSaved, sessionStorageKey } from './create-persistent-session-store';
import {
  createSessionStorage,
  type SavedNotice,
  type SessionStorageOptions,
  type StorageProblem,
  type TabChannel,
} from './create-session-storage';
import { INTERRUPTED_CALL } from './mark-interrupted';
import { migrateLocalSessions } from './migrate-local-sessions';
import { createMemoryStorage } from './open-browser-storage';
import { createStorageKeyValue, type SessionKeyValue } from './session-key-value';

/** An in-memory Storage with a quota, as localStorage behaves when full. */
function limitedStorage(quota: number): Storage {
  const storage = createMemoryStorage();
  return {
    ...storage,
    setItem: (key: string, value: string) => {
      if (value.length > quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      storage.setItem(key, value);
    },
    getItem: (key: string) => storage.getItem(key),
    removeItem: (key: string) => storage.removeItem(key),
    key: (index: number) => storage.key(index),
    get length() {
      return storage.length;
    },
  } as Storage;
}

const storageOver = (kv: SessionKeyValue, extra: Partial<SessionStorageOptions> = {}) =>
  createSessionStorage(kv, { tabId: extra.tabId ?? 'tab', onProblem: () => undefined, ...extra });

/** Channels of two tabs in one test: what one posts, the other hears. */
function linkedChannels(): [TabChannel, TabChannel] {
  const a: TabChannel = { onmessage: null, postMessage: (notice: SavedNotice) => b.onmessage?.({ data: notice }) };
  const b: TabChannel = { onmessage: null, postMessage: (notice: SavedNotice) => a.onmessage?.({ data: notice }) };
  return [a, b];
}

describe('the saved session', () => {
  it('saves changes (gathered into one write) and restores them in a new page', async () => {
    vi.useFakeTimers();
    const kv = createStorageKeyValue(createMemoryStorage());
    const first = createPersistentSessionStore(storageOver(kv), 's1');
    first.getState().setDraft('kept draft');
    first.getState().updateSettings({ maxSteps: 7 });
    first.getState().setFiles({ 'a.txt': 'alpha' });
    expect(await kv.get(sessionStorageKey('s1'))).toBeUndefined();
    await vi.advanceTimersByTimeAsync(500);
    vi.useRealTimers();
    const second = createPersistentSessionStore(storageOver(kv), 's1');
    await second.persist.rehydrate();
    expect(second.getState().settings.maxSteps).toBe(7);
    expect(second.getState().files).toEqual({ 'a.txt': 'alpha' });
    expect(second.getState().draft).toBe('kept draft');
  });

  it('brings back a run cut off by a reload as interrupted, not lost', async () => {
    const kv = createStorageKeyValue(createMemoryStorage());
    const storage = storageOver(kv);
    const first = createPersistentSessionStore(storage, 's1');
    first.setState({
      messages: [
        { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'go' }] },
        {
          id: 'a1',
          role: 'assistant',
          parts: [
            { type: 'step-start' },
            { type: 'text', text: 'Work', state: 'streaming' },
            {
              type: 'dynamic-tool',
              toolName: 'bash',
              toolCallId: 'c1',
              state: 'input-available',
              input: { command: 'ls' },
            },
          ],
        },
      ],
    });
    await storage.flush();
    const second = createPersistentSessionStore(storageOver(kv), 's1');
    await second.persist.rehydrate();
    expect(second.getState().messages[1].parts.slice(1)).toMatchObject([
      { type: 'text', state: 'done' },
      { toolCallId: 'c1', state: 'output-error', errorText: INTERRUPTED_CALL },
    ]);
    expect(second.getState().chatError).toMatch(/^The last run was interrupted/);
  });

  it('keeps a saved session that no longer validates (or nests 5,000 levels deep) aside and starts fresh, saying so', async () => {
    for (const text of [
      JSON.stringify({ state: { tools: 'nope' }, version: 1 }),
      `{"state":{"messages":${'['.repeat(5000)}${']'.repeat(5000)}},"version":1}`,
    ]) {
      const kv = createStorageKeyValue(createMemoryStorage());
      await kv.set(sessionStorageKey('s1'), text);
      const problems: StorageProblem[] = [];
      const store = createPersistentSessionStore(
        storageOver(kv, { onProblem: (problem) => problems.push(problem) }),
        's1',
      );
      await store.persist.rehydrate();
      expect(store.getState().tools.length).toBe(8);
      expect(problems[0]).toMatchObject({
        kind: 'unreadable',
        message: expect.stringMatching(/could not be read .*kept under "tool-playground:session:s1:unreadable:\d+"/),
      });
      const backup = (await kv.keys()).find((key) => key.includes(':unreadable:'));
      expect(await kv.get(backup!)).toBe(text);
    }
  });

  it('says when the browser has no room to save', async () => {
    const problems: StorageProblem[] = [];
    const storage = storageOver(createStorageKeyValue(limitedStorage(10)), {
      onProblem: (problem) => problems.push(problem),
    });
    const store = createPersistentSessionStore(storage, 's1');
    store.getState().setDraft('x');
    await storage.flush();
    expect(problems[0]).toMatchObject({
      kind: 'not-saved',
      message: expect.stringContaining('Export it as a file to keep it.'),
    });
  });

  it('saves nothing while a shared link is shown read-only', async () => {
    const kv = createStorageKeyValue(createMemoryStorage());
    let readOnly = true;
    const storage = storageOver(kv, { shouldSave: () => !readOnly });
    const store = createPersistentSessionStore(storage, 'shared-link');
    store.getState().setDraft('typed while reading');
    await storage.flush();
    expect(await kv.keys()).toEqual([]);
    readOnly = false;
    store.getState().setDraft('mine now');
    await storage.flush();
    expect(await kv.keys()).toEqual([sessionStorageKey('shared-link')]);
  });
});

describe('two tabs on one session', () => {
  async function twoTabs() {
    const kv = createStorageKeyValue(createMemoryStorage());
    const [channelA, channelB] = linkedChannels();
    const events: string[] = [];
    const storageA = storageOver(kv, {
      tabId: 'A',
      channel: channelA,
      onConflict: () => events.push('A: conflict'),
      onNewerElsewhere: () => events.push('A: newer elsewhere'),
    });
    const storageB = storageOver(kv, {
      tabId: 'B',
      channel: channelB,
      onConflict: () => events.push('B: conflict'),
      onNewerElsewhere: () => events.push('B: newer elsewhere'),
    });
    const tabA = createPersistentSessionStore(storageA, 's1');
    const tabB = createPersistentSessionStore(storageB, 's1');
    await tabA.persist.rehydrate();
    await tabB.persist.rehydrate();
    return { kv, events, storageA, storageB, tabA, tabB };
  }
  const toolNames = (store: { getState(): { tools: { id: string }[] } }) =>
    store.getState().tools.map((tool) => tool.id);
  const savedToolCount = async (kv: SessionKeyValue) =>
    (JSON.parse((await kv.get(sessionStorageKey('s1')))!) as { state: { tools: unknown[] } }).state.tools.length;

  it('a tool added in tab A is not lost to an unrelated edit in tab B: B is told and nothing is overwritten', async () => {
    const { kv, events, storageA, storageB, tabA, tabB } = await twoTabs();
    tabA.getState().addTools([
      {
        definition: { name: 'added_in_a', description: '', parameters: { type: 'object' } },
        run: { kind: 'manual' },
      },
    ]);
    // B has an edit of its own pending when A's save arrives.
    tabB.getState().setDraft('unrelated edit in B');
    await storageA.flush();
    expect(events).toEqual(['B: conflict']);
    await storageB.flush();
    expect(await savedToolCount(kv)).toBe(9);
    // B takes A's version: the tool appears in B, B's unsaved draft is dropped by choice.
    await loadNewestSaved(tabB, storageB);
    expect(toolNames(tabB)).toEqual(toolNames(tabA));
    tabB.getState().setDraft('after loading');
    await storageB.flush();
    expect(await savedToolCount(kv)).toBe(9);
  });

  it('once told of a newer version elsewhere, this tab writes nothing — not even later changes — until the person chooses', async () => {
    const kv = createStorageKeyValue(createMemoryStorage());
    const [elsewhere, channel] = linkedChannels();
    const events: string[] = [];
    const storage = storageOver(kv, { tabId: 'B', channel, onConflict: () => events.push('conflict') });
    const tab = createPersistentSessionStore(storage, 's1');
    await tab.persist.rehydrate();
    tab.getState().setDraft('typed in B');
    // The notice alone (its write not read yet): the banner's promise must hold by itself.
    elsewhere.postMessage({ name: sessionStorageKey('s1'), rev: 7, tab: 'A' });
    expect(events).toEqual(['conflict']);
    tab.getState().setDraft('typed in B, and more');
    await storage.flush();
    expect(await kv.get(sessionStorageKey('s1'))).toBeUndefined();
    await storage.keepMine(sessionStorageKey('s1'));
    expect(JSON.parse((await kv.get(sessionStorageKey('s1')))!).state.draft).toBe('typed in B, and more');
  });

  it('"keep mine" writes the tab\'s version over the other one', async () => {
    const { kv, storageA, storageB, tabA, tabB } = await twoTabs();
    tabA.getState().addTools([
      {
        definition: { name: 'added_in_a', description: '', parameters: { type: 'object' } },
        run: { kind: 'manual' },
      },
    ]);
    tabB.getState().setDraft('B wins');
    await storageA.flush();
    await storageB.flush();
    await storageB.keepMine(sessionStorageKey('s1'));
    expect(await savedToolCount(kv)).toBe(8);
    expect(JSON.parse((await kv.get(sessionStorageKey('s1')))!).state.draft).toBe('B wins');
  });

  it('loading the newer version leaves no save half-waited: the next change gets its whole delay', async () => {
    const kv = createStorageKeyValue(createMemoryStorage());
    const otherStorage = storageOver(kv, { tabId: 'other' });
    createPersistentSessionStore(otherStorage, 's1').getState().setDraft('');
    await otherStorage.flush();
    vi.useFakeTimers();
    const storage = storageOver(kv);
    const tab = createPersistentSessionStore(storage, 's1');
    await loadNewestSaved(tab, storage);
    await vi.advanceTimersByTimeAsync(300);
    tab.getState().setDraft('typed 300 ms after the load');
    await vi.advanceTimersByTimeAsync(200);
    expect(await kv.get(sessionStorageKey('s1'))).not.toContain('typed 300 ms');
    await vi.advanceTimersByTimeAsync(300);
    vi.useRealTimers();
    expect(await kv.get(sessionStorageKey('s1'))).toContain('typed 300 ms');
  });

  it('a tab with nothing unsaved hears of the newer version and may load it quietly', async () => {
    const { events, storageA, tabA } = await twoTabs();
    tabA.getState().updateSettings({ maxSteps: 9 });
    await storageA.flush();
    expect(events).toEqual(['B: newer elsewhere']);
  });
});

describe('moving sessions out of localStorage', () => {
  it('copies each saved session (and backup) into the new store once and removes it from localStorage', async () => {
    const local = createMemoryStorage();
    local.setItem(sessionStorageKey('s1'), '{"state":{},"version":1}');
    local.setItem(`${sessionStorageKey('s2')}:unreadable:1`, 'junk');
    local.setItem('tool-playground:sessions', '[]');
    const target = createStorageKeyValue(createMemoryStorage());
    await target.set(sessionStorageKey('s1'), 'newer');
    expect(await migrateLocalSessions(local, target)).toBe(2);
    expect(await target.get(sessionStorageKey('s1'))).toBe('newer');
    expect(await target.get(`${sessionStorageKey('s2')}:unreadable:1`)).toBe('junk');
    expect(local.getItem(sessionStorageKey('s1'))).toBeNull();
    expect(local.getItem('tool-playground:sessions')).toBe('[]');
  });
});
