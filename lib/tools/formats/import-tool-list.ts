import { checkJsonDepth } from '../../limits/check-json-depth';
import { INPUT_LIMITS } from '../../limits/input-limits';
import { bfclLanguageForm } from './bfcl-language-form';
import { normalizeSchemaDialect } from './normalize-schema-dialect';
import { providerSafeToolName, TOOL_NAME_PATTERN } from '../../shapes/tool-limits';
import {
  SCHEMA_DESCRIPTION_KEY,
  SCHEMA_TITLE_KEY,
  type ToolDefinition,
  type ToolFormat,
} from '../../shapes/tool-formats';
import { findJsonNesting } from '../../limits/text-nesting';

export type ImportedTool = { definition: ToolDefinition; format: ToolFormat; notes: string[] };

/** What an import came to: the tools it found, and the items it could not read (with why). */
export type ImportResult = { ok: true; tools: ImportedTool[]; skipped: string[] } | { ok: false; message: string };

const EXPECTED =
  'Expected a JSON tool list: OpenAI Chat Completions tools ({"type":"function","function":{…}}), OpenAI Responses ' +
  'functions ({"type":"function","name":…}), Anthropic tools ("input_schema"), Gemini functionDeclarations, an MCP ' +
  'tools/list result ("inputSchema"), a bare JSON Schema, or {"name","description","parameters"} objects.';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys each format uses for name, description and schema; anything else is dropped with a note. */
const KNOWN_KEYS = new Set([
  'type',
  'function',
  'name',
  'description',
  'parameters',
  'input_schema',
  'inputSchema',
  'parametersJsonSchema',
  'strict',
]);

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  const deep = findJsonNesting(text);
  if (deep) return { ok: false, message: `The tool list cannot be read: ${deep.message}.` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    if (lines.length > 1) {
      try {
        return { ok: true, value: lines.map((line) => JSON.parse(line)) };
      } catch {
        // Not JSON Lines either: report the first error.
      }
    }
    return {
      ok: false,
      message: `Not valid JSON (${error instanceof Error ? error.message : String(error)}). ${EXPECTED}`,
    };
  }
}

/** Unwraps request bodies, JSON-RPC envelopes, Gemini groups and BFCL question lines into a flat list of items. */
function collectItems(value: unknown): { item: unknown; geminiGroup: boolean; note?: string }[] {
  if (Array.isArray(value)) return value.flatMap(collectItems);
  if (!isObject(value)) return [{ item: value, geminiGroup: false }];
  // A BFCL question line: its function docs, as BFCL sends them for the line's category.
  if ('question' in value && Array.isArray(value.function)) {
    const { docs, note } = bfclLanguageForm(value);
    return docs.map((item) => ({ item, geminiGroup: false, note }));
  }
  if (isObject(value.result) && 'jsonrpc' in value) return collectItems(value.result);
  const declarations = value.functionDeclarations ?? value.function_declarations;
  if (Array.isArray(declarations)) return declarations.map((item) => ({ item, geminiGroup: true }));
  if (Array.isArray(value.tools)) return collectItems(value.tools);
  if (Array.isArray(value.functions)) return collectItems(value.functions);
  return [{ item: value, geminiGroup: false }];
}

function detect(item: Json, geminiGroup: boolean): { format: ToolFormat; source: Json; schema: unknown } | undefined {
  if (geminiGroup || 'parametersJsonSchema' in item) {
    return { format: 'gemini', source: item, schema: item.parametersJsonSchema ?? item.parameters };
  }
  if (item.type === 'function' && isObject(item.function)) {
    return { format: 'openai-chat', source: item.function, schema: item.function.parameters };
  }
  if (item.type === 'function' && typeof item.name === 'string')
    return { format: 'openai-responses', source: item, schema: item.parameters };
  if ('input_schema' in item) return { format: 'anthropic', source: item, schema: item.input_schema };
  if ('inputSchema' in item) return { format: 'mcp', source: item, schema: item.inputSchema };
  if (typeof item.name === 'string') return { format: 'playground', source: item, schema: item.parameters };
  if (item.type === 'object' || isObject(item.properties) || typeof item.$schema === 'string') {
    const {
      title,
      description,
      [SCHEMA_TITLE_KEY]: ownTitle,
      [SCHEMA_DESCRIPTION_KEY]: ownDescription,
      ...rest
    } = item;
    // The schema's own title and description, kept beside the tool's by our export, go back in place.
    const schema = {
      ...(ownTitle === undefined ? {} : { title: ownTitle }),
      ...(ownDescription === undefined ? {} : { description: ownDescription }),
      ...rest,
    };
    return { format: 'json-schema', source: { name: title, description }, schema };
  }
  return undefined;
}

function toImportedTool(item: Json, geminiGroup: boolean, index: number): ImportedTool | string {
  const detected = detect(item, geminiGroup);
  if (!detected) {
    return `Item ${index + 1} is not a tool definition (keys: ${Object.keys(item).join(', ') || 'none'}).`;
  }
  const { format, source, schema } = detected;
  const notes: string[] = [];
  let name = typeof source.name === 'string' ? source.name : '';
  if (!name) {
    name = `imported_tool_${index + 1}`;
    notes.push(`No name was given; named "${name}".`);
  }
  const safe = providerSafeToolName(name);
  if (safe !== name && TOOL_NAME_PATTERN.test(safe)) {
    notes.push(
      `Named "${safe}": providers refuse "." in a tool name (BFCL sends "${name}" so too; evals grade a call to either name).`,
    );
    name = safe;
  }
  let parameters: Json;
  if (schema === undefined) {
    parameters = { type: 'object', properties: {} };
    notes.push('No input schema was given; the tool takes no arguments.');
  } else if (isObject(schema)) {
    const normalized = normalizeSchemaDialect(schema);
    parameters = normalized.schema;
    notes.push(...normalized.notes);
  } else {
    return `Item ${index + 1} ("${name}") has an input schema that is not an object.`;
  }
  if (source.strict === true) {
    notes.push(
      '"strict": true is not part of a tool here: the playground asks OpenAI for strict: false; "Check against" OpenAI strict mode shows what strict would need.',
    );
  }
  const dropped = Object.keys(source).filter((key) => !KNOWN_KEYS.has(key));
  if (format !== 'json-schema' && dropped.length > 0)
    notes.push(`Dropped what no provider accepts in a tool: ${dropped.join(', ')}.`);
  const description = typeof source.description === 'string' ? source.description : '';
  return { definition: { name, description, parameters }, format, notes };
}

/**
 * Reads a pasted or dropped tool list in any supported format (also JSON Lines), converting
 * each tool to `{ name, description, parameters }` in standard JSON Schema. Never throws.
 */
export function importToolList(text: string): ImportResult {
  if (text.trim() === '') return { ok: false, message: `Nothing to import. ${EXPECTED}` };
  if (text.length > INPUT_LIMITS.maxImportFileBytes) {
    return {
      ok: false,
      message: `The tool list is too large (${text.length.toLocaleString('en')} characters; at most ${INPUT_LIMITS.maxImportFileBytes.toLocaleString('en')}).`,
    };
  }
  const parsed = parseJson(text);
  if (!parsed.ok) return parsed;
  const depth = checkJsonDepth(parsed.value);
  if (!depth.ok) return { ok: false, message: `The tool list cannot be imported: ${depth.message}.` };
  const tools: ImportedTool[] = [];
  const skipped: string[] = [];
  collectItems(parsed.value).forEach(({ item, geminiGroup, note }, index) => {
    const result = isObject(item) ? toImportedTool(item, geminiGroup, index) : `Item ${index + 1} is not an object.`;
    if (typeof result === 'string') skipped.push(result);
    else tools.push(note ? { ...result, notes: [note, ...result.notes] } : result);
  });
  if (tools.length === 0) return { ok: false, message: `${skipped[0] ?? 'No tools found.'} ${EXPECTED}` };
  return { ok: true, tools, skipped };
}
