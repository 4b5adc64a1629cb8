import { describe, expect, it } from 'vitest';
import { createSessionStore } from './session-store';

describe('editToolSources', () => {
  it('replaces several sources as one edit, and undoToolEdit puts every one back', () => {
    const store = createSessionStore();
    const [first, second, third] = store.getState().tools;
    const before = store.getState().tools.map((tool) => tool.source);
    store.getState().editToolSources('Make compatible with Anthropic (strict)', [
      { id: first.id, source: '{"name":"a"}' },
      { id: second.id, source: '{"name":"b"}' },
      { id: 'gone', source: '{}' },
    ]);
    expect(
      store
        .getState()
        .tools.slice(0, 3)
        .map((tool) => tool.source),
    ).toEqual(['{"name":"a"}', '{"name":"b"}', third.source]);
    expect(store.getState().editedTools?.label).toBe('Make compatible with Anthropic (strict)');
    store.getState().undoToolEdit();
    expect(store.getState().tools.map((tool) => tool.source)).toEqual(before);
    expect(store.getState().editedTools).toBeUndefined();
  });

  it('changes nothing (and keeps no undo) when no source differs', () => {
    const store = createSessionStore();
    const [first] = store.getState().tools;
    store.getState().editToolSources('nothing', [{ id: first.id, source: first.source }]);
    expect(store.getState().editedTools).toBeUndefined();
  });
});
