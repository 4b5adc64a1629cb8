import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRouteFetch } from '@/testing/run-conversation';
import { runJavaScriptInNode } from '@/testing/run-javascript-in-node';
import { runEvalCase } from '../evals/run-eval-case';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import { sessionDataSchema } from '../session/session-schema';
import { DEFAULT_RUN_SETTINGS } from '../shapes/default-run-settings';
import type { EvalCase } from '../shapes/eval-case';
import type { EvalConfig } from '../shapes/eval-run';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { loadRetailExample } from './retail-example';
import { RETAIL_EXAMPLE } from './retail-example-entry';

const DATA = join(import.meta.dirname, '..', '..', 'public', 'examples', 'tau2-retail');
const read = async (file: string) => JSON.parse(readFileSync(join(DATA, file), 'utf8'));

describe('the retail example: τ²-bench’s retail domain as a session', async () => {
  const example = await loadRetailExample(read);
  const session = example.session;

  it('is a session the playground reads back: 16 handler tools over db.json, the policy, 114 conversation cases', () => {
    expect(example.id).toBe(RETAIL_EXAMPLE.id);
    expect(sessionDataSchema.safeParse(session).success).toBe(true);
    expect(session.tools).toHaveLength(16);
    expect(session.tools.every((tool) => tool.run.kind === 'javascript' && tool.run.stateFile === 'db.json')).toBe(
      true,
    );
    expect(session.settings.system).toContain('# Retail agent policy');
    expect(Object.keys(session.startingFiles)).toEqual(['db.json']);
    expect(session.evals.cases).toHaveLength(114);
    expect(session.evals.cases[0]).toMatchObject({
      id: 'retail-0',
      messages: [{ role: 'assistant', text: 'Hi! How can I help you today?' }],
      user: {
        stop: '###STOP###',
        instructions: expect.stringContaining('Known info: You are Yusuf Rossi in zip code 19122.'),
      },
    });
  });

  /** Task 0 run through the real route and loop: the model's calls as scripted, the user saying it is done. */
  async function runTask0(calls: { toolName: string; input: Record<string, unknown> }[]) {
    const testCase: EvalCase = { ...session.evals.cases[0], user: { script: ['###STOP###'], stop: '###STOP###' } };
    const config: EvalConfig = {
      id: 'scripted',
      name: 'scripted',
      settings: {
        provider: 'simulated',
        model: 'simulated-scripted',
        script: [...calls.map((call) => ({ toolCalls: [call] })), { text: 'Your exchange is requested.' }],
      },
    };
    return runEvalCase({
      job: { caseId: testCase.id, variantId: 'v', configId: config.id, repeat: 0 },
      testCase,
      variant: { id: 'v', name: 'retail', tools: session.tools },
      config,
      mode: 'full-loop',
      baseSettings: { ...DEFAULT_RUN_SETTINGS, ...session.settings },
      deps: {
        checker: createSchemaChecker(),
        fetch: createRouteFetch(),
        createSandbox: (files?: Record<string, string>) => createOfflineSandbox(files ?? session.startingFiles),
        runJavaScript: runJavaScriptInNode,
      },
      signal: new AbortController().signal,
    });
  }

  const task0 = (await read('cases.json'))[0] as { actions: { name: string; arguments: Record<string, unknown> }[] };
  const gold = task0.actions.map((action) => ({ toolName: action.name, input: action.arguments }));

  it('a conversation that makes τ²’s expected changes passes, graded by the database it leaves', async () => {
    const run = await runTask0(gold);
    expect(run.error).toBeUndefined();
    expect(run.failures).toEqual([]);
    expect(run.pass).toBe(true);
  }, 60_000);

  it('one that stops short of the exchange fails, saying where the database differs', async () => {
    const run = await runTask0(gold.filter((call) => call.toolName !== 'exchange_delivered_order_items'));
    expect(run.pass).toBe(false);
    expect(run.failures).toEqual([
      {
        kind: 'end-state',
        message: expect.stringMatching(/^db\.json is not the expected end state: it differs at orders\["#W2378156"\]/),
      },
    ]);
  }, 60_000);
});
