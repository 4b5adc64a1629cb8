import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../../../testing/fake-provider/start-fake-provider';
import { runConversation } from '../../../testing/run-conversation';
import { recordedStepRequest } from '../../agent/step-request';
import { splitSteps } from '../../messages/split-steps';
import { renderWithPackage } from '../../server/render-with-package';
import { stepIdOf } from '../../shapes/step-id';
import type { WireFormat } from '../../shapes/wire-capture';
import { asPlainText } from '../../tools/token-xray';
import { toolContextPieces } from '../../wire/tool-context-pieces';
import { contextCost, sessionRequests } from './context-cost';
import { manualStepMessages } from '../../messages/manual-step';

/*
 * Context cost against the bodies the provider really received: a run through the route against
 * the loopback fake, then the cost made from the session (each step's request made again and
 * rendered by its package) equals the cost counted on the fake's captured bodies, tool by tool,
 * with the real tokenizer (o200k_base).
 */
const count = asPlainText(countTokens);
let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

const RUNS: {
  format: WireFormat;
  provider: 'openai' | 'anthropic' | 'google';
  env: string;
  path: string;
  settings?: object;
}[] = [
  { format: 'openai-chat', provider: 'openai', env: 'OPENAI', path: '/openai/v1', settings: { openaiApi: 'chat' } },
  {
    format: 'openai-responses',
    provider: 'openai',
    env: 'OPENAI',
    path: '/openai/v1',
    settings: { openaiApi: 'responses' },
  },
  { format: 'anthropic', provider: 'anthropic', env: 'ANTHROPIC', path: '/anthropic/v1' },
  { format: 'gemini', provider: 'google', env: 'GOOGLE_GENERATIVE_AI', path: '/google/v1beta' },
];

describe('Context cost', () => {
  it.each(RUNS)(
    'equals the tokens counted on the bodies the fake received, tool by tool, request by request: $format',
    async ({ format, provider, env, path, settings }) => {
      const before = fake.requests.length;
      const { store } = await runConversation('list the files and show me README.md', {
        configure: (session) =>
          session.getState().updateSettings({ provider, model: 'fake-tools', mode: 'native', ...settings }),
        env: { [`${env}_API_KEY`]: 'sk-test-0123456789abcdef0123', [`${env}_BASE_URL`]: `${fake.url}${path}` },
      });
      const received = fake.requests.slice(before).map((request) => JSON.parse(request.raw));
      expect(received.length).toBeGreaterThanOrEqual(2);

      const { messages, sentValues } = store.getState();
      const stepIds = messages
        .filter((message) => message.role === 'assistant')
        .flatMap((message) => splitSteps(message).map((_, index) => stepIdOf(message.id, index + 1)));
      const rendered = [];
      for (const stepId of stepIds) {
        const request = recordedStepRequest({ messages, stepId, sentValues });
        if (!request.ok) throw new Error(request.message);
        const made = await renderWithPackage(request.request, format);
        if (!made.ok) throw new Error(made.message);
        rendered.push(made.captured.body);
      }
      const fromSession = contextCost(
        rendered.map((body) => toolContextPieces(format, body)),
        count,
      );
      const fromWire = contextCost(
        received.map((body) => toolContextPieces(format, body)),
        count,
      );
      expect(fromSession.requests.map((each) => each.byTool)).toEqual(fromWire.requests.map((each) => each.byTool));
      expect(fromSession.tools).toEqual(fromWire.tools);
      // The tools it called carry arguments and results into the later request.
      const readFile = fromWire.tools.find((each) => each.tool === 'read_file');
      expect(readFile?.requests).toBe(received.length);
      expect(readFile?.argsTokens).toBeGreaterThan(0);
      expect(readFile?.resultsTokens).toBeGreaterThan(0);
      expect(fromWire.tools.map((each) => each.tool)).toContain('bash');
    },
  );
});

describe('Context cost and a step made by hand', () => {
  it('counts no request for a `Try this tool` step, and names no internal id', () => {
    const manual = manualStepMessages({
      id: 'x1',
      toolName: 'list_files',
      input: {},
      outcome: { kind: 'ok', output: 'README.md\n' },
    });
    expect(sessionRequests({ messages: manual, sentValues: {} })).toEqual({ requests: [], notes: [] });
  });
});
