import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { jsonSchema, streamText, tool } from 'ai';
import type { NodeEngine } from '../../../scripts/llama-node/create-node-engine';
import { openModelFileOrThrow } from '../../../scripts/llama-node/open-model-file';
import { tinyGgufPath } from '../../../testing/tiny-gguf-path';
import { createLocalModel, type LocalStepReport } from './create-local-model';
import type { LocalModelInfo } from './read-local-model-info';

let engine: NodeEngine;
let info: LocalModelInfo;

beforeAll(async () => {
  ({ engine, info } = await openModelFileOrThrow(tinyGgufPath(), 2048));
}, 300_000);
afterAll(() => engine?.dispose());

const SCHEMA = {
  type: 'object',
  properties: {
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    detailed: { type: 'boolean' },
    city: { type: 'string', maxLength: 12 },
  },
  required: ['unit', 'detailed', 'city'],
  additionalProperties: false,
} as const;
const TOOLS = {
  get_weather: tool({ description: 'The weather in a city.', inputSchema: jsonSchema(SCHEMA) }),
  get_time: tool({ description: 'The time in a city.', inputSchema: jsonSchema(SCHEMA) }),
};

/** One step through the AI SDK's own streamText, as the app runs it. */
async function step(seed: number, constrain: boolean) {
  const result = streamText({
    model: createLocalModel({ engine, info, modelId: 'tiny' }),
    messages: [{ role: 'user', content: 'What is the weather in Paris?' }],
    tools: TOOLS,
    toolChoice: constrain ? 'required' : 'auto',
    temperature: 1,
    seed,
    maxOutputTokens: 160,
    providerOptions: { local: { constrain } },
  });
  const calls = await result.toolCalls;
  const metadata = (await result.providerMetadata)?.local as LocalStepReport | undefined;
  return { calls, metadata, text: await result.text };
}

describe('the local model through streamText', () => {
  it("under 'Constrain to the tools' schemas', random weights still write a call whose arguments fit the schema", async () => {
    const validate = new Ajv().compile(SCHEMA);
    for (const seed of [1, 2, 3, 4, 5]) {
      const { calls, metadata } = await step(seed, true);
      expect(calls).toHaveLength(1);
      expect(['get_weather', 'get_time']).toContain(calls[0].toolName);
      expect(validate(calls[0].input), JSON.stringify(calls[0].input)).toBe(true);
      expect(metadata?.constrained).toBe(true);
      expect(metadata?.prompt).toContain('<tools>');
      expect(metadata?.output).toContain(`"name": "${calls[0].toolName}"`);
      const decision = metadata?.decision;
      expect(decision?.text).toBe(0);
      expect((decision?.tools.get_weather ?? 0) + (decision?.tools.get_time ?? 0)).toBeCloseTo(1, 9);
    }
  }, 300_000);

  it('unconstrained, it writes what it writes: the output is kept and read, mistakes and all', async () => {
    const { metadata } = await step(7, false);
    expect(metadata?.constrained).toBe(false);
    expect(typeof metadata?.output).toBe('string');
    expect(metadata?.sampling).toEqual({ temperature: 1, topP: 0.95, topK: 40, seed: 7 });
  }, 120_000);
});
