import { describe, expect, it } from 'vitest';
import { createSchemaChecker } from './create-schema-checker';
import { generateMockResult } from './generate-mock-result';

const weather = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    temperature: { type: 'number', minimum: -50, maximum: 30 },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    observed_at: { type: 'string', format: 'date-time' },
    alerts: {
      type: 'array',
      items: {
        type: 'object',
        properties: { level: { type: 'integer', minimum: 1, maximum: 3 } },
        required: ['level'],
      },
    },
    stale: { type: 'boolean' },
  },
  required: ['city', 'temperature', 'unit', 'observed_at', 'alerts', 'stale'],
  additionalProperties: false,
};

describe('generateMockResult', () => {
  it('fills every property, echoes matching arguments and validates against the schema', () => {
    const result = generateMockResult(weather, { city: 'Paris', unit: 'fahrenheit' });
    expect(result).toEqual({
      city: 'Paris',
      temperature: 30,
      unit: 'fahrenheit',
      observed_at: '2026-01-01T12:00:00Z',
      alerts: [{ level: 3 }],
      stale: true,
    });
    expect(createSchemaChecker().checkValue(weather, result)).toEqual([]);
  });
});
