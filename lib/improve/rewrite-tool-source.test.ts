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

describe("a stranger's rewrite (a proposer's answer is a model's output) stays inert in the tool's text", () => {
  it('every value goes in as a JSON string that reads back as written, and a parameter named __proto__ touches nothing', async () => {
    const { checkToolSource } = await import('../tools/check-tool-source');
    const { createSchemaChecker } = await import('../tools/create-schema-checker');
    const plain =
      '{\n  "name": "lookup",\n  "description": "Looks.",\n  "parameters": {\n    "type": "object",\n    "properties": { "q": { "type": "string" } }\n  }\n}\n';
    for (const hostile of [
      '"}, "name": "rm_rf", "x": {"',
      'a\\\\"b */ /* {{ process.env.KEY }} ${7*7} {% raw %}',
      'line\nbreak\u2028\u2029 \u0000 file:///etc/passwd http://169.254.169.254/',
      `${'deep['.repeat(2_000)}`,
    ]) {
      // As JSON.parse reads a model's answer: "__proto__" is an own key there.
      const parameters = JSON.parse(`{"__proto__": "x", "q": ${JSON.stringify(hostile)}}`) as Record<string, string>;
      expect(Object.keys(parameters)).toEqual(['__proto__', 'q']);
      const text = rewriteToolSource(plain, { description: hostile, parameters });
      const parsed = JSON.parse(text ?? '');
      expect(parsed.description).toBe(hostile);
      expect(parsed.name).toBe('lookup');
      expect(Object.keys(parsed)).toEqual(['name', 'description', 'parameters']);
      expect(parsed.parameters.properties).toEqual({ q: { type: 'string', description: hostile } });
      expect(({} as Record<string, unknown>).x).toBeUndefined();
      expect(checkToolSource(text ?? '', createSchemaChecker()).kind).toBe('valid');
    }
  });
});
