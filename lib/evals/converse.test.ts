import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createRouteFetch } from '@/testing/run-conversation';
import { createSessionChat } from '../agent/create-session-chat';
import { simulatedUserLabel } from '../messages/simulated-user-turn';
import { textOf } from '../messages/split-steps';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import { createSessionStore } from '../session/session-store';
import { DEFAULT_RUN_SETTINGS } from '../shapes/default-run-settings';
import { evalCaseSchema } from '../shapes/eval-case';
import { EXAMPLE_FILES } from '../shapes/example-files';
import { checkToolDrafts } from '../tools/check-tool-drafts';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { type UserTurnPlace, userTurnPlace } from './conversation-at';
import { converse } from './converse';
import { runEvalCase } from './run-eval-case';
import { scriptedUser } from './simulated-user';

/*
 * A fork from a simulated user's turn (the page's `Run from here` on a `User turn`): the same loop
 * as the grid's run, started at that turn with the edited text, and the case's user playing on.
 */

const checker = createSchemaChecker();
const CASE = evalCaseSchema.parse({
  id: 'files',
  prompt: 'List the files in the workspace.',
  user: { script: ['Now show me README.md', 'And package.json', 'Thanks'] },
  expect: { calls: [{ tool: 'list_files' }] },
});

async function gridRun() {
  return runEvalCase({
    job: { caseId: 'files', variantId: 'v', configId: 'k', repeat: 0 },
    testCase: CASE,
    variant: { id: 'v', name: 'core tools', tools: createSessionStore().getState().tools },
    config: { id: 'k', name: 'simulated', settings: {} },
    mode: 'full-loop',
    baseSettings: DEFAULT_RUN_SETTINGS,
    deps: { checker, fetch: createRouteFetch(), createSandbox: async () => createOfflineSandbox(EXAMPLE_FILES) },
    signal: new AbortController().signal,
  });
}

/** The page's fork, in a session of its own: the messages before the turn, then `said` and the case's user playing on. */
async function playOn(
  place: UserTurnPlace,
  said: string,
  marks: Pick<Parameters<typeof converse>[0], 'metadata' | 'firstMetadata'> = {},
) {
  if (!place.user.ok) throw new Error(place.user.why);
  const store = createSessionStore();
  store.setState({ messages: place.before, settings: DEFAULT_RUN_SETTINGS });
  const chat = createSessionChat({
    store,
    checker,
    getSandbox: async () => createOfflineSandbox(EXAMPLE_FILES),
    fetch: createRouteFetch(),
  });
  const ended = await converse({
    store,
    send: (message) => chat.sendMessage(message),
    runnable: () => checkToolDrafts(store.getState().tools, checker).runnable,
    said,
    turn: place.turn,
    nextUserTurn: scriptedUser(place.user.user),
    maxTurns: place.user.maxTurns,
    ...marks,
    signal: new AbortController().signal,
  });
  return { store, ended };
}

const userTexts = (messages: readonly UIMessage[]) =>
  messages.filter((message) => message.role === 'user').map((message) => textOf(message.parts));

describe('a conversation forked from a simulated user’s turn', () => {
  it('finds the turn’s place and its case’s user; says why a user cannot answer again', async () => {
    const { messages } = await gridRun();
    const second = messages.filter((message) => message.role === 'user')[1];
    const place = userTurnPlace(messages, second.id, [CASE]);
    expect(place?.turn).toBe(2);
    expect(place?.caseId).toBe('files');
    expect(place?.before).toEqual(messages.slice(0, messages.indexOf(second)));
    expect(place?.user).toEqual({ ok: true, user: CASE.user, maxTurns: 5 });
    expect(userTurnPlace(messages, second.id, [])?.user).toEqual({
      ok: false,
      why: 'The case “files” is not in this session’s evals any more.',
    });
    expect(userTurnPlace(messages, second.id, [{ ...CASE, user: undefined }])?.user).toMatchObject({ ok: false });
    // A forged turn (a stranger's link): a case id that is not a short string names no case.
    for (const caseId of ['x'.repeat(201), { id: 'files' }, '']) {
      const forged = messages.map((message) =>
        message.id === second.id ? { ...message, metadata: { simulatedUser: true, caseId } } : message,
      );
      expect(userTurnPlace(forged, second.id, [CASE])?.user).toEqual({
        ok: false,
        why: 'This turn does not say which case’s user said it.',
      });
    }
    // The case's prompt is not a simulated user's turn.
    expect(userTurnPlace(messages, messages[0].id, [CASE])).toBeUndefined();
  });

  it('plays on from the edited turn with the case’s user: the edited turn says so, the later ones are the script’s', async () => {
    const { messages } = await gridRun();
    expect(userTexts(messages)).toEqual([
      'List the files in the workspace.',
      'Now show me README.md',
      'And package.json',
      'Thanks',
    ]);
    const place = userTurnPlace(messages, messages.filter((message) => message.role === 'user')[1].id, [CASE]);
    if (!place?.user.ok) throw new Error('no place');
    const { store, ended } = await playOn(place, 'Show me the README instead', {
      metadata: { simulatedUser: true, caseId: 'files' },
      firstMetadata: { simulatedUser: true, caseId: 'files', edited: true },
    });
    const after = store.getState().messages;
    expect(ended).toBe('out-of-script');
    expect(userTexts(after)).toEqual([
      'List the files in the workspace.',
      'Show me the README instead',
      'And package.json',
      'Thanks',
    ]);
    expect(after.filter((message) => message.role === 'user').map((message) => message.metadata)).toEqual([
      undefined,
      { simulatedUser: true, caseId: 'files', edited: true },
      { simulatedUser: true, caseId: 'files' },
      { simulatedUser: true, caseId: 'files' },
    ]);
    expect(after.filter((message) => message.role === 'user').map(simulatedUserLabel)).toEqual([
      undefined,
      'Simulated user (edited)',
      'Simulated user',
      'Simulated user',
    ]);
    // The model answered every turn.
    expect(after.at(-1)?.role).toBe('assistant');
  });

  it('stops at the turn limit counted from the conversation’s start, not from the fork', async () => {
    const { messages } = await gridRun();
    const third = messages.filter((message) => message.role === 'user')[2];
    const limited = { ...CASE, user: { ...CASE.user, maxTurns: 3 } } as typeof CASE;
    const place = userTurnPlace(messages, third.id, [limited]);
    if (!place?.user.ok) throw new Error('no place');
    expect(place.turn).toBe(3);
    const { store, ended } = await playOn(place, 'And the lockfile');
    expect(ended).toBe('max-turns');
    expect(userTexts(store.getState().messages).at(-1)).toBe('And the lockfile');
  });
});
