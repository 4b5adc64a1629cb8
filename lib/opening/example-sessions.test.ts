import { describe, expect, it } from 'vitest';
import { runConversation } from '../../testing/run-conversation';
import { buildTimeline } from '../timeline/build-timeline';
import { EXAMPLE_SESSIONS } from './example-sessions';
import { parseSessionData } from '../session/session-schema';
import { parseSessionIndex, uniqueSessionName } from '../session/session-index';

describe('built-in example sessions', () => {
  it.each(EXAMPLE_SESSIONS.map((example) => [example.name, example] as const))(
    '%s is valid and runs with the simulated model',
    async (_name, example) => {
      expect(parseSessionData(JSON.parse(JSON.stringify(example.session))).ok).toBe(true);
      const { store } = await runConversation(example.draft, {
        configure: (target) => target.getState().loadSession(structuredClone(example.session), { trusted: true }),
      });
      const { messages, outcomes } = store.getState();
      const labels = buildTimeline({ messages, outcomes }).nodes.map((node) => node.label);
      expect(labels.some((label) => label.startsWith('Tool result'))).toBe(true);
      expect(store.getState().chatError).toBeUndefined();
      if (example.id === 'weather')
        expect(labels.filter((label) => label.startsWith('Tool call'))).toEqual([
          'Tool call get_weather',
          'Tool call calculator',
        ]);
      if (example.id === 'validation') expect(labels).toContain('Tool call write_file (invalid arguments)');
    },
  );
});

describe('the session list', () => {
  it('names new sessions uniquely and reads a damaged list as empty', () => {
    expect(
      uniqueSessionName('Session', [
        { id: 'a', name: 'Session', updatedAtMs: 0 },
        { id: 'b', name: 'Session 2', updatedAtMs: 0 },
      ]),
    ).toBe('Session 3');
    expect(parseSessionIndex('{broken')).toEqual([]);
    expect(parseSessionIndex('[{"id":"a","name":"A","updatedAtMs":1},{"id":2}]')).toEqual([
      { id: 'a', name: 'A', updatedAtMs: 1 },
    ]);
  });
});
