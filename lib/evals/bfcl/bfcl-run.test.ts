import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConversation } from '../../../testing/run-conversation';
import { type FakeProvider, startFakeProvider } from '../../../testing/fake-provider/start-fake-provider';
import { createSchemaChecker } from '../../tools/create-schema-checker';
import { gradeRun } from '../grade-run';
import { readEvalCases } from '../read-eval-cases';
import { observeRun } from '../run-eval-case';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

describe('a BFCL case graded from a real run', () => {
  it('a whole number the model wrote as 5.0 is kept as such, and an integer argument refuses it as BFCL does', async () => {
    const { messages } = await runConversation('count to five', {
      env: { OPENAI_API_KEY: 'sk-not-a-real-key-0123456789', OPENAI_BASE_URL: `${fake.url}/openai/v1` },
      configure: (store) => {
        store.getState().updateSettings({ provider: 'openai', openaiApi: 'chat', model: 'fake-float', mode: 'native' });
        store.getState().addTools([
          {
            definition: {
              name: 'count_to',
              description: 'Counts.',
              parameters: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
            },
            run: { kind: 'mock', result: '{ "ok": true }' },
          },
        ]);
        for (const tool of store.getState().tools)
          if (!tool.source.includes('"count_to"')) store.getState().setToolEnabled(tool.id, false);
      },
    });
    const run = observeRun(messages);
    expect(run.calls[0]).toMatchObject({ toolName: 'count_to', input: { count: 5 }, floatIntegers: [['count']] });
    const read = readEvalCases(
      JSON.stringify({
        id: 'simple_count',
        question: [[{ role: 'user', content: 'count to five' }]],
        function: [
          {
            name: 'count_to',
            description: 'Counts.',
            parameters: { type: 'dict', properties: { count: { type: 'integer' } }, required: ['count'] },
          },
        ],
        ground_truth: [{ count_to: { count: [5] } }],
      }),
    );
    if (!read.ok) throw new Error(read.message);
    const tools = [{ name: 'count_to', description: 'Counts.', inputSchema: { type: 'object' } }];
    const grade = gradeRun(read.cases[0], run, { tools, checker: createSchemaChecker() });
    expect(grade.pass).toBe(false);
    expect(grade.failures[0].message).toContain('written with a decimal point');
    // The same call written as 5 passes.
    const { floatIntegers: _written, ...plain } = run.calls[0];
    expect(gradeRun(read.cases[0], { ...run, calls: [plain] }, { tools, checker: createSchemaChecker() }).pass).toBe(
      true,
    );
  });
});
