import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import type { NodeEngine } from '../../../scripts/llama-node/create-node-engine';
import { openModelFileOrThrow } from '../../../scripts/llama-node/open-model-file';
import { chiSquareGoodnessOfFit } from '../../../testing/goodness-of-fit';
import { tinyGgufPath } from '../../../testing/tiny-gguf-path';
import { decisionGrammar } from './decision-grammar';
import { decisionProbabilities } from './decision-probabilities';
import type { LocalModelInfo } from './read-local-model-info';
import { renderLocalPrompt } from './render-local-prompt';

/*
 * The tiny test model (random weights, a byte vocabulary, Qwen 2.5's tool template) through
 * llama.cpp's Node binding: the decision's probabilities are a distribution, and what the grammar
 * samples at temperature 1 fits them (Pearson's chi-square, α = 0.001, seeds 1–200: deterministic).
 */

let engine: NodeEngine;
let info: LocalModelInfo;

beforeAll(async () => {
  ({ engine, info } = await openModelFileOrThrow(tinyGgufPath(), 2048));
}, 300_000);
afterAll(() => engine?.dispose());

const tool = (name: string): LanguageModelV4FunctionTool => ({
  type: 'function',
  name,
  description: `The ${name.replace('_', ' ')} tool.`,
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
});
const TOOLS = ['read_file', 'list_files', 'read_dir'].map(tool);
const NAMES = TOOLS.map((each) => each.name);

const promptFor = (question: string) => ({
  text: renderLocalPrompt(info, [{ role: 'user', content: [{ type: 'text', text: question }] }], TOOLS),
  tokens: [],
});

describe('decision probabilities on the tiny model', () => {
  it('give text and each declared tool a probability, summing to 1', async () => {
    const shown = await decisionProbabilities({
      engine,
      prompt: promptFor('What is in notes.txt?'),
      pieces: info.pieces,
      openToken: info.toolCallOpen,
      names: NAMES,
      choice: { kind: 'auto' },
    });
    const total = shown.text + Object.values(shown.tools).reduce((sum, p) => sum + p, 0);
    expect(Object.keys(shown.tools).sort()).toEqual([...NAMES].sort());
    expect(Math.abs(total - 1)).toBeLessThan(1e-9);
    for (const p of [shown.text, ...Object.values(shown.tools)]) expect(p).toBeGreaterThan(0);
  });

  it('with a required call, give text nothing; with a forced tool, give it all', async () => {
    const prompt = promptFor('List the files.');
    const required = await decisionProbabilities({
      engine,
      prompt,
      pieces: info.pieces,
      openToken: info.toolCallOpen,
      names: NAMES,
      choice: { kind: 'required' },
    });
    expect(required.text).toBe(0);
    expect(Object.values(required.tools).reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 9);
    const forced = await decisionProbabilities({
      engine,
      prompt,
      pieces: info.pieces,
      openToken: info.toolCallOpen,
      names: NAMES,
      choice: { kind: 'tool', toolName: 'read_dir' },
    });
    expect(forced.tools).toEqual({ read_dir: 1, read_file: 0, list_files: 0 });
  });

  it('are what the decision grammar samples at temperature 1 (chi-square, α = 0.001, 200 seeded samples)', async () => {
    const prompt = promptFor('Which files are in the project, and what does README.md say?');
    const shown = await decisionProbabilities({
      engine,
      prompt,
      pieces: info.pieces,
      openToken: info.toolCallOpen,
      names: NAMES,
      choice: { kind: 'auto' },
    });
    const grammar = decisionGrammar(NAMES, info.toolCallOpen, { kind: 'auto' });
    const counts = new Map<string, number>();
    for (let seed = 1; seed <= 200; seed++) {
      const out = await engine.generate({
        prompt,
        grammar,
        maxTokens: 40,
        sampling: { temperature: 1, topK: 0, topP: 1, seed },
      });
      const choice =
        out.tokens[0] === info.toolCallOpen
          ? (/"name": "([a-z_]+)"/.exec(out.text)?.[1] ?? `malformed: ${out.text}`)
          : 'text';
      counts.set(choice, (counts.get(choice) ?? 0) + 1);
    }
    const categories = ['text', ...NAMES];
    expect([...counts.keys()].filter((key) => !categories.includes(key))).toEqual([]);
    const fit = chiSquareGoodnessOfFit(
      categories.map((key) => counts.get(key) ?? 0),
      [shown.text, ...NAMES.map((name) => shown.tools[name])],
    );
    console.info(
      `decision: ${categories.map((key, index) => `${key} p=${(index === 0 ? shown.text : shown.tools[key]).toFixed(4)} sampled ${(counts.get(key) ?? 0) / 200}`).join(' · ')} — χ²=${fit.statistic.toFixed(2)}, df=${fit.degreesOfFreedom}, p=${fit.pValue.toFixed(4)}`,
    );
    expect(fit.pValue).toBeGreaterThan(0.001);
  }, 300_000);
});
