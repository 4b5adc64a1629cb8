import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import type { NodeEngine } from '../../../scripts/llama-node/create-node-engine';
import { openModelFileOrThrow } from '../../../scripts/llama-node/open-model-file';
import { chiSquareGoodnessOfFit } from '../../../testing/goodness-of-fit';
import { tinyGgufPath } from '../../../testing/tiny-gguf-path';
import { argumentProbabilities, choiceProperties, valueStarts } from './argument-probabilities';
import { CALL_INFIX, CALL_PREFIX } from './decision-grammar';
import { buildPieceTrie } from './decision-probabilities';
import type { LocalModelInfo } from './read-local-model-info';
import { renderLocalPrompt } from './render-local-prompt';

describe('where an argument’s value begins, and which arguments have few named values', () => {
  it('finds each top-level value, past strings that look like keys and nested objects', () => {
    const json = '{"a": "x,\\"b\\": 1", "b" :true, "c": {"d": 1, "g": 2}, "e":[1,{"f":2}],\n  "g": "celsius"}';
    const starts = valueStarts(json);
    expect([...starts.keys()]).toEqual(['a', 'b', 'c', 'e', 'g']);
    expect(json.slice(starts.get('b'))).toMatch(/^true,/);
    expect(json.slice(starts.get('c'))).toMatch(/^\{"d"/);
    expect(json.slice(starts.get('g'))).toBe('"celsius"}');
    expect(valueStarts('"not an object"').size).toBe(0);
  });

  it('an enum (whose values do not begin one another) or a boolean', () => {
    expect(
      choiceProperties({
        type: 'object',
        properties: {
          unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
          recursive: { type: 'boolean' },
          count: { type: 'integer', enum: [1, 10] },
          only: { enum: ['one'] },
          path: { type: 'string' },
        },
      }),
    ).toEqual([
      { name: 'unit', literals: ['"celsius"', '"fahrenheit"'] },
      { name: 'recursive', literals: ['true', 'false'] },
    ]);
    expect(choiceProperties(undefined)).toEqual([]);
    expect(choiceProperties({ properties: [] })).toEqual([]);
  });
});

/*
 * On the tiny model through llama.cpp's Node binding: the value the arguments grammar samples at
 * temperature 1 fits the probabilities shown for it (Pearson's chi-square, α = 0.001, seeds 1–200),
 * among the samples that wrote the same text before the value (the probabilities are given that text).
 */
let engine: NodeEngine;
let info: LocalModelInfo;
beforeAll(async () => {
  ({ engine, info } = await openModelFileOrThrow(tinyGgufPath(), 2048));
}, 300_000);
afterAll(() => engine?.dispose());

const weather: LanguageModelV4FunctionTool = {
  type: 'function',
  name: 'get_weather',
  description: 'The weather in a city.',
  inputSchema: {
    type: 'object',
    properties: {
      unit: { type: 'string', enum: ['celsius', 'fahrenheit', 'kelvin'] },
      detailed: { type: 'boolean' },
    },
    required: ['unit', 'detailed'],
    additionalProperties: false,
  },
};

describe('argument value probabilities on the tiny model', () => {
  it('are what the arguments grammar samples at temperature 1 (chi-square, α = 0.001, 200 seeded samples)', async () => {
    const prompt = {
      text:
        renderLocalPrompt(info, [{ role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] }], [weather]) +
        `<tool_call>${CALL_PREFIX}get_weather${CALL_INFIX}`,
      tokens: [],
    };
    const written: string[] = [];
    for (let seed = 1; seed <= 200; seed++) {
      const out = await engine.generate({
        prompt,
        jsonSchema: weather.inputSchema,
        maxTokens: 60,
        sampling: { temperature: 1, topK: 0, topP: 1, seed },
      });
      written.push(out.text);
    }
    // The samples that wrote the same text before `unit`'s value: the largest such group.
    const groups = new Map<string, string[]>();
    for (const text of written) {
      const start = valueStarts(text).get('unit');
      if (start === undefined) continue;
      const before = text.slice(0, start);
      groups.set(before, [...(groups.get(before) ?? []), text.slice(start)]);
    }
    const [before, values] = [...groups.entries()].sort((a, b) => b[1].length - a[1].length)[0];
    expect(values.length).toBeGreaterThanOrEqual(100);
    const shown = await argumentProbabilities({
      engine,
      prompt,
      written: `${before}"celsius"}`,
      schema: weather.inputSchema,
      trie: buildPieceTrie(info.pieces),
    });
    const literals = ['"celsius"', '"fahrenheit"', '"kelvin"'];
    const p = shown.values.unit;
    expect(Object.keys(p)).toEqual(literals);
    expect(Math.abs(Object.values(p).reduce((sum, each) => sum + each, 0) - 1)).toBeLessThan(1e-9);
    const counts = literals.map((literal) => values.filter((value) => value.startsWith(literal)).length);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(values.length);
    const fit = chiSquareGoodnessOfFit(
      counts,
      literals.map((literal) => p[literal]),
    );
    console.info(
      `unit (given ${JSON.stringify(before)}): ${literals.map((literal, index) => `${literal} p=${p[literal].toFixed(4)} sampled ${(counts[index] / values.length).toFixed(3)}`).join(' · ')} of ${values.length} — χ²=${fit.statistic.toFixed(2)}, df=${fit.degreesOfFreedom}, p=${fit.pValue.toFixed(4)}`,
    );
    expect(fit.pValue).toBeGreaterThan(0.001);
  }, 300_000);
});
