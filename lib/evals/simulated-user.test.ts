import type { UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '@/testing/fake-provider/start-fake-provider';
import { createRouteFetch } from '@/testing/run-conversation';
import { textOf } from '../messages/split-steps';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import { createSessionStore } from '../session/session-store';
import { DEFAULT_RUN_SETTINGS } from '../shapes/default-run-settings';
import { type EvalCaseInput, evalCaseSchema } from '../shapes/eval-case';
import { EXAMPLE_FILES } from '../shapes/example-files';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { evalResultsJson } from './eval-results';
import { runEvalCase } from './run-eval-case';
import { buildSequence } from '../timeline/build-sequence';
import { buildTimeline } from '../timeline/build-timeline';
import { userView } from './simulated-user';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

const deps = () => ({
  checker: createSchemaChecker(),
  fetch: createRouteFetch(),
  createSandbox: (files?: Record<string, string>) => createOfflineSandbox(files ?? EXAMPLE_FILES),
});
/** A conversation case run in full loop with the keyless simulated model as the assistant. */
const converse = (input: EvalCaseInput) =>
  runEvalCase({
    job: { caseId: 'c', variantId: 'v', configId: 'k', repeat: 0 },
    testCase: evalCaseSchema.parse(input),
    variant: { id: 'v', name: 'core tools', tools: createSessionStore().getState().tools },
    config: { id: 'k', name: 'simulated', settings: {} },
    mode: 'full-loop',
    baseSettings: DEFAULT_RUN_SETTINGS,
    deps: deps(),
    signal: new AbortController().signal,
  });
const userTurns = (messages: readonly UIMessage[]) =>
  messages.filter((message) => message.role === 'user').map((message) => textOf(message.parts));

const CONVERSATION: EvalCaseInput = {
  id: 'c',
  prompt: 'List the files in the workspace.',
  user: { script: ['Now show me README.md', 'Thanks, that is all. ###STOP###', 'never said'], stop: '###STOP###' },
  expect: { calls: [{ tool: 'list_files' }, { tool: 'read_file', args: { path: 'README.md' } }], order: 'exact' },
};

describe('Conversations: a case with a simulated user', () => {
  it('a scripted user answers turn by turn until a turn says stop (unsent); the run is graded over every turn', async () => {
    const run = await converse(CONVERSATION);
    expect(userTurns(run.messages)).toEqual(['List the files in the workspace.', 'Now show me README.md']);
    expect(run.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(run.error).toBeUndefined();
    expect(run.pass).toBe(true);
    // The JSON report keeps who said what.
    const report = JSON.parse(evalResultsJson([evalCaseSchema.parse({ ...CONVERSATION })], [], [run]));
    expect(report.runs[0].conversation.map((line: { role: string }) => line.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(report.runs[0].conversation[2]).toEqual({ role: 'user', text: 'Now show me README.md' });
  }, 60_000);

  it('says no more than maxTurns user turns, the prompt included', async () => {
    const run = await converse({
      id: 'c',
      prompt: 'List the files in the workspace.',
      user: { script: ['Show me README.md', 'Search for TODO', 'What is in data/names.txt?'], maxTurns: 2 },
      expect: { anyCall: true },
    });
    expect(userTurns(run.messages)).toEqual(['List the files in the workspace.', 'Show me README.md']);
  }, 60_000);

  it('a model plays the user: it reads its instructions and the conversation from its side, with no tools', async () => {
    const before = fake.requests.length;
    const run = await converse({
      id: 'c',
      prompt: 'List the files in the workspace.',
      user: {
        instructions: 'You want to know what the README says. You never give your name.',
        model: { provider: 'openai-compatible', model: 'fake-script', baseURL: `${fake.url}/openai/v1` },
        maxTurns: 3,
      },
      expect: { anyCall: true },
    });
    const said = userTurns(run.messages);
    expect(said).toHaveLength(3);
    expect(said.slice(1).every((text) => text.startsWith('About "'))).toBe(true);
    const asked = fake.requests.slice(before) as unknown as {
      body: { messages: { role: string; content: unknown }[]; tools?: unknown };
    }[];
    expect(asked).toHaveLength(2);
    for (const request of asked) {
      expect(request.body.tools).toBeUndefined();
      expect(request.body.messages[0]).toMatchObject({
        role: 'system',
        content: expect.stringContaining('What you want and what you know: You want to know what the README says.'),
      });
    }
    // From the user's side: the assistant's words are what it is told (user), its own turns what it said (assistant).
    const second = asked[1].body.messages.slice(1).map((message) => message.role);
    expect(second).toEqual(['assistant', 'user', 'assistant', 'user']);
  }, 60_000);

  it("reads the conversation from the user's side, and refuses a user with nothing to say", () => {
    const messages = [
      { id: '1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
      { id: '2', role: 'assistant', parts: [{ type: 'text', text: 'Hello, how can I help?' }] },
    ] as UIMessage[];
    expect(userView(messages)).toEqual([
      { role: 'assistant', text: 'Hi' },
      { role: 'user', text: 'Hello, how can I help?' },
    ]);
    const read = evalCaseSchema.safeParse({ id: 'x', prompt: 'p', user: {}, expect: {} });
    expect(read.success).toBe(false);
    expect(JSON.stringify(read.error?.issues)).toContain(
      'a user needs a script, or instructions for a model to play it',
    );
  });

  it("the user's own outcome: ended with its stop phrase, and told what it had to be told (τ²-bench's communicate rule)", async () => {
    const stopped = await converse({
      ...CONVERSATION,
      expect: { anyCall: true, user: { stopped: true, told: ['readme.md'] } },
    });
    expect(stopped.ended).toBe('stop');
    expect(stopped.failures).toEqual([]);
    expect(stopped.pass).toBe(true);

    // A script that runs out without the stop phrase: the user never said its goal was met.
    const ranOut = await converse({
      id: 'c',
      prompt: 'List the files in the workspace.',
      user: { script: ['Now show me README.md'], stop: '###STOP###' },
      expect: { anyCall: true, user: { stopped: true, told: ['a refund of $40'] } },
    });
    expect(ranOut.ended).toBe('out-of-script');
    expect(ranOut.pass).toBe(false);
    expect(ranOut.failures).toEqual([
      {
        kind: 'user',
        message: "The user did not end the conversation with its stop phrase: it ended when the user's script ran out.",
      },
      { kind: 'user', message: 'The assistant never told the user "a refund of $40".' },
    ]);
    // The JSON report says how each conversation ended.
    const report = JSON.parse(evalResultsJson([evalCaseSchema.parse({ ...CONVERSATION })], [], [ranOut]));
    expect(report.runs[0].ended).toBe('out-of-script');
  }, 60_000);

  it('ends at the turn limit, said as such', async () => {
    const run = await converse({
      id: 'c',
      prompt: 'List the files in the workspace.',
      user: { script: ['Show me README.md', 'Search for TODO'], maxTurns: 2 },
      expect: { anyCall: true, user: { stopped: true } },
    });
    expect(run.ended).toBe('max-turns');
    expect(run.failures.map((failure) => failure.message)).toEqual([
      'The user did not end the conversation with its stop phrase: it ended at the turn limit.',
    ]);
  }, 60_000);

  it('a user that calls tools, and a user outcome without a user, are refused with a sentence each', () => {
    const calling = evalCaseSchema.safeParse({
      id: 'x',
      prompt: 'p',
      user: { script: ['hi'], tools: [{ name: 'refund' }] },
      expect: {},
    });
    expect(calling.success).toBe(false);
    expect(JSON.stringify(calling.error?.issues)).toContain(
      'a simulated user cannot call tools: it only talks (the model playing it is offered none)',
    );
    const alone = evalCaseSchema.safeParse({ id: 'x', prompt: 'p', expect: { user: { stopped: true } } });
    expect(alone.success).toBe(false);
    expect(JSON.stringify(alone.error?.issues)).toContain(
      "expect.user judges the simulated user's outcome: the case needs a user",
    );
  });

  it("the simulated user's turns are marked as its own: named User turn n on the graph, a lane of their own in the sequence", async () => {
    const run = await converse(CONVERSATION);
    const users = run.messages.filter((message) => message.role === 'user');
    // The prompt is the case's; the turns after it are the simulated user's.
    expect(users.map((message) => message.metadata)).toEqual([
      undefined,
      { simulatedUser: true, caseId: expect.any(String) },
    ]);
    const timeline = buildTimeline({ messages: run.messages });
    expect(timeline.nodes.filter((node) => node.kind === 'user').map((node) => node.label)).toEqual([
      'User message: List the files in the workspace.',
      'User turn 2: Now show me README.md',
    ]);
    const { lanes, arrows } = buildSequence({ ...timeline, lanes: [] });
    expect(lanes.map((lane) => lane.label)).toEqual(['Simulated user', 'User', 'App', 'Model', 'Tools']);
    expect(
      arrows.filter((arrow) => arrow.to === 'app' && (arrow.from === 'user' || arrow.from === 'simulated')),
    ).toEqual([
      expect.objectContaining({ from: 'user', label: 'User message: List the files in the workspace.' }),
      expect.objectContaining({ from: 'simulated', label: 'User turn 2: Now show me README.md' }),
    ]);
  }, 60_000);
});
