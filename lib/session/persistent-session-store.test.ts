import { describe, expect, it, vi } from 'vitest';
import { createPersistentSessionStore, createSessionStorage, sessionStorageKey, type StorageProblem } from './create-persistent-session-store';
import { INTERRUPTED_CALL } from './mark-interrupted';

/** An in-memory Storage, as localStorage behaves. */
function memoryStorage(quota = Infinity): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      if (value.length > quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe('the saved session', () => {
  it('saves changes (gathered into one write) and restores them in a new page', async () => {
    vi.useFakeTimers();
    const local = memoryStorage();
    const first = createPersistentSessionStore(createSessionStorage(local, () => undefined), 's1');
    first.getState().setDraft('kept draft');
    first.getState().updateSettings({ maxSteps: 7 });
    first.getState().setFiles({ 'a.txt': 'alpha' });
    expect(local.getItem(sessionStorageKey('s1'))).toBeNull();
    vi.advanceTimersByTime(500);
    vi.useRealTimers();
    const second = createPersistentSessionStore(createSessionStorage(local, () => undefined), 's1');
    await second.persist.rehydrate();
    expect(second.getState().settings.maxSteps).toBe(7);
    expect(second.getState().files).toEqual({ 'a.txt': 'alpha' });
    expect(second.getState().draft).toBe('kept draft');
  });

  it('brings back a run cut off by a reload as interrupted, not lost', async () => {
    const local = memoryStorage();
    const storage = createSessionStorage(local, () => undefined);
    const first = createPersistentSessionStore(storage, 's1');
    first.setState({
      messages: [
        { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'go' }] },
        { id: 'a1', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text: 'Work', state: 'streaming' }, { type: 'dynamic-tool', toolName: 'bash', toolCallId: 'c1', state: 'input-available', input: { command: 'ls' } }] },
      ],
    });
    storage.flush();
    const second = createPersistentSessionStore(createSessionStorage(local, () => undefined), 's1');
    await second.persist.rehydrate();
    expect(second.getState().messages[1].parts.slice(1)).toMatchObject([
      { type: 'text', state: 'done' },
      { toolCallId: 'c1', state: 'output-error', errorText: INTERRUPTED_CALL },
    ]);
    expect(second.getState().chatError).toMatch(/^The last run was interrupted/);
  });

  it('keeps a saved session that no longer validates aside and starts fresh, saying so', async () => {
    const local = memoryStorage();
    local.setItem(sessionStorageKey('s1'), JSON.stringify({ state: { tools: 'nope' }, version: 1 }));
    const problems: StorageProblem[] = [];
    const store = createPersistentSessionStore(createSessionStorage(local, (problem) => problems.push(problem)), 's1');
    await store.persist.rehydrate();
    expect(store.getState().tools.length).toBe(4);
    expect(problems[0]).toMatchObject({ kind: 'unreadable', message: expect.stringMatching(/could not be read .*kept under "tool-playground:session:s1:unreadable:\d+"/) });
  });

  it('says when the browser has no room to save', () => {
    const problems: StorageProblem[] = [];
    const storage = createSessionStorage(memoryStorage(10), (problem) => problems.push(problem));
    const store = createPersistentSessionStore(storage, 's1');
    store.getState().setDraft('x');
    storage.flush();
    expect(problems[0]).toMatchObject({ kind: 'not-saved', message: expect.stringContaining('Export it as a file to keep it.') });
  });
});
