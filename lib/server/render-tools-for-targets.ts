import 'server-only';
import { dynamicTool, type JSONSchema7, jsonSchema, streamText } from 'ai';
import { COMPAT_TARGET_INFO, COMPAT_TARGETS, type CompatTargetId } from '../shapes/compat';
import type { ToolSpec } from '../shapes/tool-spec';
import type { CompatAnswer } from '../tools/compat/compat-route';
import { CapturedOnly, packageModel } from './render-with-package';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A current model id of each package that takes tools (and strict tools where asked). */
const MODEL_IDS = {
  'openai-chat': 'gpt-4.1',
  'openai-responses': 'gpt-4.1',
  anthropic: 'claude-sonnet-4-5',
  gemini: 'gemini-2.5-flash',
  'openai-compatible': 'llama3.2',
} as const;

/** The tool entries of a captured body, by name: the schema and whether it went strict. */
function toolsInBody(body: unknown): Map<string, { schema: unknown; strict?: boolean }> {
  const found = new Map<string, { schema: unknown; strict?: boolean }>();
  const tools = isObject(body) && Array.isArray(body.tools) ? body.tools : [];
  for (const entry of tools) {
    if (!isObject(entry)) continue;
    const declarations = Array.isArray(entry.functionDeclarations) ? entry.functionDeclarations : undefined;
    if (declarations) {
      for (const each of declarations.filter(isObject))
        found.set(String(each.name), { schema: each.parametersJsonSchema ?? each.parameters });
      continue;
    }
    const fn = isObject(entry.function) ? entry.function : entry;
    const strict =
      typeof fn.strict === 'boolean' ? fn.strict : typeof entry.strict === 'boolean' ? entry.strict : undefined;
    found.set(String(fn.name), {
      schema: fn.parameters ?? entry.input_schema,
      ...(strict === undefined ? {} : { strict }),
    });
  }
  return found;
}

/** One request's body as the package renders it with these tools (or the package's error). */
async function capture(
  target: CompatTargetId,
  specs: readonly ToolSpec[],
): Promise<{ body?: unknown; error?: string; packageName: string }> {
  let body: unknown;
  const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    throw new CapturedOnly('captured');
  }) as typeof globalThis.fetch;
  const format = COMPAT_TARGET_INFO[target].format ?? 'openai-compatible';
  const { model, packageName } = packageModel(format, MODEL_IDS[format], fetch);
  const { strict } = COMPAT_TARGET_INFO[target];
  let error: string | undefined;
  const result = streamText({
    model,
    prompt: 'Which tool?',
    maxRetries: 0,
    tools: Object.fromEntries(
      specs.map((spec) => [
        spec.name,
        dynamicTool({
          description: spec.description,
          inputSchema: jsonSchema(spec.inputSchema as JSONSchema7),
          ...(strict ? { strict: true } : {}),
          execute: async () => null,
        }),
      ]),
    ),
    providerOptions: { openai: { strictJsonSchema: strict }, openaiCompatible: { strictJsonSchema: strict } },
    onError: ({ error: thrown }) => {
      if (!(thrown instanceof CapturedOnly) && !String(thrown).includes('captured'))
        error = thrown instanceof Error ? thrown.message : String(thrown);
    },
  });
  for await (const part of result.fullStream) if (part.type === 'error') break;
  return { body, packageName, ...(body === undefined && error ? { error } : {}) };
}

/**
 * Each tool's schema as each provider package sends it, captured by the package's own `fetch`
 * hook (no network, no key): one request per target with every tool, or, when a package refuses
 * the set, one per tool so the refusal lands on the tool that caused it.
 */
export async function renderToolsForTargets(specs: readonly ToolSpec[]): Promise<CompatAnswer['sent']> {
  const sent: CompatAnswer['sent'] = [];
  for (const target of COMPAT_TARGETS) {
    if (!COMPAT_TARGET_INFO[target].format) continue;
    const all = await capture(target, specs);
    const groups =
      all.body !== undefined
        ? [{ specs, ...all }]
        : await Promise.all(specs.map(async (spec) => ({ specs: [spec], ...(await capture(target, [spec])) })));
    for (const group of groups) {
      const tools = toolsInBody(group.body);
      for (const spec of group.specs) {
        const found = tools.get(spec.name);
        sent.push({
          tool: spec.name,
          target,
          packageName: group.packageName,
          ...(found
            ? { schema: found.schema, ...(found.strict === undefined ? {} : { strict: found.strict }) }
            : { error: (group.error ?? 'The package sent no request with this tool.').slice(0, 2_000) }),
        });
      }
    }
  }
  return sent;
}
