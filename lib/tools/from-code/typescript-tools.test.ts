import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readTypeScriptTools } from './typescript-tools';

const read = (code: string) => {
  const result = readTypeScriptTools(ts, code);
  if (!result.ok) throw new Error(`${result.problem.message} at ${result.problem.line}:${result.problem.column}`);
  return result;
};

describe('readTypeScriptTools', () => {
  it('reads a function with TSDoc: summary, @param texts, literal unions, optional and defaults', () => {
    const { tools } = read(`
/**
 * Get the weather for a city.
 * @param city - The city name.
 * @param unit - Temperature unit.
 */
export function getWeather(city: string, unit: 'c' | 'f' = 'c', days?: number): string {
  return '';
}`);
    expect(tools).toEqual([
      {
        definition: {
          name: 'getWeather',
          description: 'Get the weather for a city.',
          parameters: {
            type: 'object',
            properties: {
              city: { type: 'string', description: 'The city name.' },
              unit: { type: 'string', enum: ['c', 'f'], description: 'Temperature unit.', default: 'c' },
              days: { type: 'number' },
            },
            required: ['city'],
            additionalProperties: false,
          },
        },
        notes: [],
      },
    ]);
  });

  it('flattens one object parameter, with interfaces, aliases, Date, arrays, tuples and nested objects from the paste', () => {
    const { tools } = read(`
type Unit = 'c' | 'f';
interface Place {
  /** Latitude in degrees. */
  lat: number;
  lon: number;
}
interface Options {
  /** Where. */
  place: Place;
  unit?: Unit;
  when: Date;
  tags: string[];
  range: [number, number];
  meta: Record<string, boolean>;
  note: string | null;
}
/** Forecast. */
export const forecast = async ({ place, unit = 'c' }: Options) => place;`);
    expect(tools[0].definition.parameters).toEqual({
      type: 'object',
      properties: {
        place: {
          type: 'object',
          properties: { lat: { type: 'number', description: 'Latitude in degrees.' }, lon: { type: 'number' } },
          required: ['lat', 'lon'],
          additionalProperties: false,
          description: 'Where.',
        },
        unit: { type: 'string', enum: ['c', 'f'], default: 'c' },
        when: { type: 'string', format: 'date-time' },
        tags: { type: 'array', items: { type: 'string' } },
        range: {
          type: 'array',
          items: [{ type: 'number' }, { type: 'number' }],
          additionalItems: false,
          minItems: 2,
          maxItems: 2,
        },
        meta: { type: 'object', additionalProperties: { type: 'boolean' } },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: ['place', 'when', 'tags', 'range', 'meta', 'note'],
      additionalProperties: false,
    });
    expect(tools[0].definition.description).toBe('Forecast.');
  });

  it('reads @param options.key texts for a named object parameter and several functions in one paste', () => {
    const { tools } = read(`
/**
 * Search.
 * @param options.query - Words to find.
 */
function search(options: { query: string; limit?: number }) { return []; }
const add = (a: number, b: number) => a + b;`);
    expect(tools.map((tool) => tool.definition.name)).toEqual(['search', 'add']);
    expect(tools[0].definition.parameters.properties).toEqual({
      query: { type: 'string', description: 'Words to find.' },
      limit: { type: 'number' },
    });
    expect(tools[1].definition.parameters.required).toEqual(['a', 'b']);
  });

  it('leaves out a callback parameter with a note', () => {
    const { tools } = read('export function run(cmd: string, onDone: (code: number) => void) {}');
    expect(Object.keys(tools[0].definition.parameters.properties as object)).toEqual(['cmd']);
    expect(tools[0].notes).toEqual(['`onDone`: a function has no JSON Schema; the parameter was left out.']);
  });

  it('reports a syntax error at its line and column', () => {
    const result = readTypeScriptTools(ts, 'function ok() {}\nfunction broken(a: string {\n}');
    expect(result).toMatchObject({ ok: false, problem: { line: 2, column: 27 } });
  });

  it('refuses a 3,000-deep paste before parsing it, naming the line and column', () => {
    const deep = `/** Deep. */\nexport function deep(a: ${'{ a: '.repeat(3000)}string${' }'.repeat(3000)}) {}\n`;
    // Without the bound, the compiler's parser overflows the stack on this paste.
    expect(() => ts.createSourceFile('t.ts', deep, ts.ScriptTarget.Latest, true)).toThrow(/call stack/);
    const result = readTypeScriptTools(ts, deep);
    expect(result).toMatchObject({ ok: false, problem: { line: 2, column: 25 + 127 * 5 } });
  });
});
