import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider';
import type { JSONSchema7 } from 'ai';
import { describe, expect, it } from 'vitest';
import { CORE_TOOL_DEFINITIONS } from '../../shapes/core-tool-definitions';
import { createSimulatedModel } from './create-simulated-model';
import { planSimulatedStep } from './plan-simulated-step';
import { pickWeighted, seededRandom } from './sample-choices';

const tools: LanguageModelV4FunctionTool[] = CORE_TOOL_DEFINITIONS.map((definition) => ({
  type: 'function',
  name: definition.name,
  description: definition.description,
  inputSchema: definition.parameters as unknown as JSONSchema7,
}));
const prompt: LanguageModelV4Prompt = [
  { role: 'user', content: [{ type: 'text', text: 'show me README.md and list the files' }] },
];

/** One answer of the simulated model to the prompt, as "tool(args)…" or "text". */
async function answer(temperature: number | undefined, seed: number): Promise<string> {
  const model = createSimulatedModel();
  const { content } = await model.doGenerate({
    prompt,
    tools,
    temperature,
    providerOptions: { simulated: { seed } },
  });
  const calls = content.filter((part) => part.type === 'tool-call');
  return calls.length === 0 ? 'text' : calls.map((call) => `${call.toolName}${call.input}`).join(' ');
}

describe('the simulated model above temperature 0', () => {
  it('answers one way at temperature 0 (or none given), whatever the seed', async () => {
    const answers = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      answers.add(await answer(0, seed));
      answers.add(await answer(undefined, seed));
    }
    expect([...answers]).toEqual([
      (() => {
        const step = planSimulatedStep({ prompt, tools, parallelToolCalls: true });
        return step.kind === 'tool-calls'
          ? step.calls.map((call) => `${call.toolName}${JSON.stringify(call.input)}`).join(' ')
          : 'text';
      })(),
    ]);
  });

  it('spreads over tools, values and text at temperature 1, the same again for the same seeds', async () => {
    const first = await Promise.all(Array.from({ length: 60 }, (_, seed) => answer(1, seed)));
    const again = await Promise.all(Array.from({ length: 60 }, (_, seed) => answer(1, seed)));
    expect(again).toEqual(first);
    const outcomes = new Set(first);
    expect(outcomes.size).toBeGreaterThan(4);
    // The best-ranked tool stays the most frequent first choice.
    const firstTools = first.map((each) => each.split('{')[0]);
    const counts = new Map<string, number>();
    for (const name of firstTools) counts.set(name, (counts.get(name) ?? 0) + 1);
    const top = [...counts].sort((a, b) => b[1] - a[1])[0][0];
    expect(['read_file', 'list_files']).toContain(top);
  });

  it('spreads more at a higher temperature', async () => {
    const distinct = async (temperature: number) =>
      new Set(await Promise.all(Array.from({ length: 60 }, (_, seed) => answer(temperature, seed)))).size;
    expect(await distinct(2)).toBeGreaterThan(await distinct(0.2));
  });
});

describe('seededRandom and pickWeighted', () => {
  it('repeats for a seed and differs between seeds', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const c = seededRandom(8);
    const drawsA = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(drawsA);
    expect([c(), c(), c()]).not.toEqual(drawsA);
    for (const draw of drawsA) expect(draw >= 0 && draw < 1).toBe(true);
  });

  it('draws in proportion to the weights', () => {
    const random = seededRandom(1);
    const counts = [0, 0, 0];
    for (let draw = 0; draw < 30_000; draw++) counts[pickWeighted([1, 2, 0], random)]++;
    expect(counts[2]).toBe(0);
    expect(counts[1] / counts[0]).toBeGreaterThan(1.85);
    expect(counts[1] / counts[0]).toBeLessThan(2.15);
  });
});
