import { describe, expect, it } from 'vitest';
import { rewriteToolSource } from './rewrite-tool-source';

const source = `{
  "name": "get_weather",
  // the editor allows comments
  "description": "Weather.",
  "parameters": {
    "type": "object",
    "properties": { "city": { "type": "string" }, "unit": { "type": "string", "description": "c or f" } }
  },
  "strict": true
}
`;

describe("a rewrite applied to a tool's editor text", () => {
  it('changes the description and the named parameters only, keeping the rest as written', () => {
    const text = rewriteToolSource(source, {
      description: 'Current weather "now" for a city.',
      parameters: { city: 'The city', unit: 'Celsius (c) or Fahrenheit (f)', country: 'not a parameter' },
    });
    expect(text).toContain('// the editor allows comments');
    expect(text).toContain('"description": "Current weather \\"now\\" for a city."');
    expect(text).toContain('"strict": true');
    expect(text).not.toContain('country');
    const parsed = JSON.parse((text ?? '').replace(/^\s*\/\/.*$/m, ''));
    expect(parsed.parameters.properties).toEqual({
      city: { type: 'string', description: 'The city' },
      unit: { type: 'string', description: 'Celsius (c) or Fahrenheit (f)' },
    });
  });

  it('refuses a text that is not an object', () => {
    expect(rewriteToolSource('[1, 2]', { description: 'x', parameters: {} })).toBeUndefined();
    expect(rewriteToolSource('not json', { description: 'x', parameters: {} })).toBeUndefined();
  });
});
