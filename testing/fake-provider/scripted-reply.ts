import type { FakeCall, FakeReply, FakeRequestView } from './fake-reply.ts';

/*
 * `fake-script`: a model whose answer depends only on the prompt and the tools offered — so two
 * clients (promptfoo and the playground) that send the same prompt and tools get the same answer,
 * whatever else their requests carry. Across prompts it answers every way a grader must tell
 * apart: text only, one valid call, two calls, a call with arguments its schema refuses, a call
 * to a tool not offered, text and a call together.
 */

/** FNV-1a, 32 bits: the same number for the same text, in any client. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

type Schema = Record<string, unknown>;
const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A word of the prompt (capitalised ones first: a city, a name), for string arguments. */
function wordOf(prompt: string, seed: number): string {
  const words = prompt.match(/[A-Za-z][A-Za-z0-9-]{2,}/g) ?? [];
  const named = words.filter((word) => /^[A-Z]/.test(word));
  const pool = named.length > 0 ? named : words;
  return pool.length > 0 ? pool[seed % pool.length] : 'example';
}

/** A value the schema accepts (its required properties, and the others on some seeds). */
function valueFor(schema: unknown, prompt: string, seed: number, depth = 0): unknown {
  if (!isSchema(schema) || depth > 6) return 'example';
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[seed % schema.enum.length];
  if ('const' in schema) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type.find((each) => each !== 'null') : schema.type;
  if (type === 'integer') return typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : 3;
  if (type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 2.5;
  if (type === 'boolean') return seed % 2 === 0;
  if (type === 'array') return [valueFor(schema.items, prompt, seed >>> 3, depth + 1)];
  if (type === 'object' || isSchema(schema.properties)) {
    const properties = isSchema(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
    const names = Object.keys(properties).filter(
      (name, index) => required.includes(name) || (seed >>> (index + 4)) % 3 === 0,
    );
    return Object.fromEntries(
      names.map((name, index) => [name, valueFor(properties[name], prompt, seed >>> (index + 1), depth + 1)]),
    );
  }
  return wordOf(prompt, seed);
}

/** Arguments the schema refuses: a required one left out, or (none required) a property of the wrong type. */
function invalidArgs(schema: unknown, prompt: string, seed: number): Record<string, unknown> {
  const valid = valueFor(schema, prompt, seed) as Record<string, unknown>;
  const required = isSchema(schema) && Array.isArray(schema.required) ? schema.required.map(String) : [];
  if (required.length > 0) {
    const { [required[0]]: _left, ...rest } = valid;
    return rest;
  }
  const first = isSchema(schema) && isSchema(schema.properties) ? Object.keys(schema.properties)[0] : undefined;
  return first ? { ...valid, [first]: { wrong: 'type' } } : { unexpected: true };
}

export function planScriptedReply(view: FakeRequestView): FakeReply {
  const prompt = view.lastUserText ?? '';
  if (view.toolResults.length > 0) return { kind: 'text', text: `Done: ${view.toolResults.length} result(s).` };
  const tools = view.toolNames.filter(Boolean);
  const seed = hash(`${prompt}\u0000${tools.join(',')}`);
  const schemaOf = (name: string) => view.toolSchemas?.[name] ?? {};
  const call = (index: number, name: string, args: Record<string, unknown>): FakeCall => ({
    id: `call_script_${index + 1}`,
    name,
    args,
  });
  const valid = (index: number, name: string) =>
    call(index, name, valueFor(schemaOf(name), prompt, seed >>> 5) as Record<string, unknown>);
  const text = `About "${wordOf(prompt, seed)}": here is what I know.`;
  if (tools.length === 0) return { kind: 'text', text };
  const first = tools[(seed >>> 8) % tools.length];
  switch (seed % 8) {
    case 0:
      return { kind: 'text', text };
    case 4: {
      const second = tools[((seed >>> 8) + 1) % tools.length];
      return {
        kind: 'tool-calls',
        text: '',
        calls: second === first ? [valid(0, first)] : [valid(0, first), valid(1, second)],
      };
    }
    case 5:
      return {
        kind: 'tool-calls',
        text: '',
        calls: [call(0, first, invalidArgs(schemaOf(first), prompt, seed >>> 5))],
      };
    case 6:
      return { kind: 'tool-calls', text: '', calls: [call(0, 'not_offered_tool', {})] };
    case 7:
      return { kind: 'tool-calls', text: 'Let me look that up.', calls: [valid(0, first)] };
    default:
      return { kind: 'tool-calls', text: '', calls: [valid(0, first)] };
  }
}
