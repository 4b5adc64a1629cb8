import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../shapes/tool-formats';
import { applyLintFix } from './apply-lint-fix';
import { lintToolDefinition } from './lint-rules';
import type { LintTarget } from '../../shapes/lint-choice';

const tool = (
  parameters: Record<string, unknown>,
  name = 'get_weather',
  description = 'Weather for a city',
): ToolDefinition => ({ name, description, parameters });
const strictOk = tool({
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
  additionalProperties: false,
});

/** Schema × provider → the messages expected, in order. */
const TABLE: [string, ToolDefinition, LintTarget, string[]][] = [
  ['strict-ready schema on OpenAI', strictOk, 'openai', []],
  ['strict-ready schema on Anthropic', strictOk, 'anthropic', []],
  [
    'strict-ready schema on Gemini',
    strictOk,
    'google',
    [
      'Gemini does not support "additionalProperties" in function parameters (in the input schema); it is rejected or dropped.',
    ],
  ],
  [
    'dotted name on OpenAI',
    tool(strictOk.parameters, 'uber.ride'),
    'openai',
    ['The name "uber.ride" is rejected: names must be letters, digits, "_" and "-" only, at most 64.'],
  ],
  [
    'dotted name on Gemini',
    tool(strictOk.parameters, 'uber.ride'),
    'google',
    [
      'Gemini does not support "additionalProperties" in function parameters (in the input schema); it is rejected or dropped.',
    ],
  ],
  [
    'missing description',
    tool(strictOk.parameters, 'x', ''),
    'anthropic',
    ['No description: the model picks tools by their descriptions.'],
  ],
  [
    'optional property and open object on OpenAI',
    tool({ type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string' } }, required: ['city'] }),
    'openai',
    [
      'Strict mode needs "additionalProperties": false on the input schema.',
      'Strict mode needs every property required; optional in the input schema: unit.',
    ],
  ],
  [
    'oneOf and allOf on OpenAI',
    tool({
      type: 'object',
      properties: { v: { oneOf: [{ type: 'string' }], allOf: [] } },
      required: ['v'],
      additionalProperties: false,
    }),
    'openai',
    ['Strict mode does not support "allOf" (in "v").', 'Strict mode does not support "oneOf" (in "v"); use "anyOf".'],
  ],
  [
    'non-ASCII property key on Anthropic',
    tool({ type: 'object', properties: { año_vehiculo: { type: 'integer' } } }),
    'anthropic',
    ['Property name "año_vehiculo" is rejected: keys must be letters, digits, "_", "." or "-", at most 64.'],
  ],
  [
    'Gemini subset: $ref, const, type arrays, integer enums, formats',
    tool({
      type: 'object',
      properties: {
        a: { $ref: '#/$defs/x' },
        b: { const: 'x' },
        c: { type: ['string', 'null'] },
        d: { type: 'integer', enum: [1, 2] },
        e: { type: 'string', format: 'email' },
        f: { type: 'string', format: 'date-time' },
      },
      $defs: { x: { type: 'string' } },
    }),
    'google',
    [
      'Gemini does not support "$defs" in function parameters (in the input schema); it is rejected or dropped.',
      'Gemini does not support "$ref" in function parameters (in "a"); it is rejected or dropped.',
      'Gemini does not support "const" (in "b").',
      'Gemini needs one type per schema, not ["string","null"] (in "c").',
      'Gemini accepts only string enums (in "d").',
      'Gemini ignores or rejects format "email" (in "e").',
    ],
  ],
];

describe('lintToolDefinition', () => {
  it.each(TABLE)('%s', (_label, definition, target, messages) => {
    expect(lintToolDefinition(definition, target).map((finding) => finding.message)).toEqual(messages);
  });
});

describe('applyLintFix', () => {
  it('fixes every finding that offers a fix, so that linting again finds none of them', () => {
    for (const [label, definition, target] of TABLE) {
      let current = definition;
      for (let round = 0; round < 20; round++) {
        const fixable = lintToolDefinition(current, target).find((finding) => finding.fix);
        if (!fixable) break;
        current = applyLintFix(current, fixable);
      }
      expect(
        lintToolDefinition(current, target).filter((finding) => finding.fix),
        label,
      ).toEqual([]);
    }
  });

  it('makes optional properties required and nullable for strict mode', () => {
    const definition = tool({
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string' } },
      required: ['city'],
    });
    const finding = lintToolDefinition(definition, 'openai').find((f) => f.fix?.id === 'require-all-properties')!;
    expect(applyLintFix(definition, finding).parameters).toEqual({
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: ['string', 'null'] } },
      required: ['city', 'unit'],
    });
    expect(definition.parameters.required).toEqual(['city']);
  });

  it('renames a dotted tool for OpenAI', () => {
    const finding = lintToolDefinition(tool(strictOk.parameters, 'uber.ride'), 'openai')[0];
    expect(applyLintFix(tool(strictOk.parameters, 'uber.ride'), finding).name).toBe('uber_ride');
  });
});
