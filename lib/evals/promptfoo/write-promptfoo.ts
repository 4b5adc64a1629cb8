import { stringify } from 'yaml';
import { countCaseChecks } from '../run-verdict';
import type { EvalCase, OutputCheck } from '../../shapes/eval-case';
import type { EvalConfig } from '../../shapes/eval-run';
import type { RunSettings } from '../../shapes/run-settings';
import type { ToolSpec } from '../../shapes/tool-spec';
import { TOOL_NAME_PATTERN } from '../../shapes/tool-limits';
import { toToolListValue } from '../../tools/formats/export-tool-list';
import { checkerSource, jsonLiteral, needsChecker } from './promptfoo-checker';
import {
  breakSyntax,
  encodeForDump,
  holdsSyntax,
  holdsRef,
  inertRendered,
  inertShown,
  isPlainModelId,
  loaderPrefixOf,
  mapStrings,
  messagesPrompt,
} from './promptfoo-inert';

/*
 * The Evals grid as a promptfoo config (docs/evals.md, "promptfoo"): `promptfoo validate` accepts
 * it and `promptfoo eval` runs the same prompts, tools and checks; each test keeps its case in
 * `metadata.toolPlayground`, so `Import cases…` reads it back whole.
 *
 * The file is code for promptfoo: every value in it is inert in promptfoo's syntax and it carries
 * no address the person did not confirm (promptfoo-inert.ts; SECURITY.md).
 */

/** The metadata key a test keeps its case under. */
export const CASE_METADATA_KEY = 'toolPlayground';

export type PromptfooExport = { text: string; notes: string[] };

type Json = Record<string, unknown>;

/** A value promptfoo renders as Nunjucks, kept as written. */
const verbatim = inertRendered;

/** Why promptfoo cannot be given an output check as written, if it cannot. */
function outputCheckRisk(check: OutputCheck): string | undefined {
  const values = Object.values(check);
  if (holdsRef(values))
    return 'its expected value holds a `$ref`, which promptfoo would resolve (read a file or an address) as it loads the config';
  const prefixed = values
    .flat()
    .find((value): value is string => typeof value === 'string' && loaderPrefixOf(value) !== undefined);
  if (prefixed)
    return `its expected text starts with "${loaderPrefixOf(prefixed)}", which promptfoo would load instead of comparing`;
  // An object value is not rendered, so a template in its strings cannot be written as text.
  const objects = values.flat().filter((value) => typeof value === 'object' && value !== null);
  if (objects.some(holdsSyntax))
    return 'its expected value holds "{{", "{%", "{#" or "#}" inside an object, which promptfoo would read as a template';
  return undefined;
}

function outputAssertion(check: OutputCheck): Json {
  const type = (name: string) => (check.not ? `not-${name}` : name);
  const text = (value: string | number) => (typeof value === 'string' ? verbatim(value) : value);
  if ('equals' in check)
    return { type: type('equals'), value: typeof check.equals === 'string' ? verbatim(check.equals) : check.equals };
  if ('contains' in check) return { type: type('contains'), value: text(check.contains) };
  if ('icontains' in check) return { type: type('icontains'), value: text(check.icontains) };
  if ('startsWith' in check) return { type: type('starts-with'), value: verbatim(check.startsWith) };
  if ('containsAny' in check)
    return { type: type(check.ignoreCase ? 'icontains-any' : 'contains-any'), value: check.containsAny.map(text) };
  if ('containsAll' in check)
    return { type: type(check.ignoreCase ? 'icontains-all' : 'contains-all'), value: check.containsAll.map(text) };
  if ('regex' in check && check.flags) {
    // promptfoo's regex takes no flags: the same test as a JavaScript expression.
    const test = `new RegExp(${jsonLiteral(check.regex)}, ${jsonLiteral(check.flags)}).test(typeof output === 'string' ? output : JSON.stringify(output))`;
    return { type: 'javascript', value: check.not ? `!${test}` : test };
  }
  if ('regex' in check) return { type: type('regex'), value: verbatim(check.regex) };
  return { type: type('is-json'), ...(check.schema ? { value: check.schema } : {}) };
}

type ToolFormat = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';

/** The provider id, and the tool format it takes, for a configuration's settings. */
function providerOf(settings: RunSettings): { id: string; format: ToolFormat; note?: string } {
  const model = isPlainModelId(settings.model) ? settings.model : undefined;
  const fallback = (why: string) => ({ id: 'openai:chat:gpt-4.1-mini', format: 'openai-chat' as const, note: why });
  if (settings.provider !== 'simulated' && !model)
    return fallback(
      'its model name holds characters promptfoo could read as syntax: its configuration runs openai:chat:gpt-4.1-mini (change the id to the model you want).',
    );
  switch (settings.provider) {
    case 'openai':
      return settings.openaiApi === 'chat'
        ? { id: `openai:chat:${model}`, format: 'openai-chat' }
        : { id: `openai:responses:${model}`, format: 'openai-responses' };
    case 'anthropic':
      return { id: `anthropic:messages:${model}`, format: 'anthropic' };
    case 'google':
      return { id: `google:${model}`, format: 'gemini' };
    case 'openai-compatible':
      return { id: `openai:chat:${model}`, format: 'openai-chat' };
    default:
      return fallback(
        'promptfoo has no simulated model: its configuration runs openai:chat:gpt-4.1-mini (change the id to the model you want).',
      );
  }
}

/**
 * The tools in a provider's format, every string inert (promptfoo renders them). promptfoo resolves
 * `$ref` everywhere but in OpenAI Chat's `function.parameters`: elsewhere a tool with one is left out.
 */
function toolsFor(tools: readonly ToolSpec[], format: ToolFormat, label: string, notes: string[]): unknown {
  const kept =
    format === 'openai-chat'
      ? tools
      : tools.filter((tool) => {
          if (!holdsRef(tool.inputSchema)) return true;
          notes.push(
            `${label}: ${tool.name} left out: its schema has a $ref, which promptfoo resolves against the config file in this provider's format (OpenAI Chat keeps it).`,
          );
          return false;
        });
  for (const tool of kept)
    if (holdsSyntax(tool))
      notes.push(
        `${label}: ${tool.name}'s definition holds "{{", "{%", "{#" or "#}": promptfoo renders tool definitions as templates (more than once), so each is written with a zero-width space after its first character.`,
      );
  return mapStrings(toToolListValue(kept, format), breakSyntax);
}

type Addresses = { confirmed: ReadonlySet<string> };

function providerEntry(
  config: EvalConfig,
  base: RunSettings,
  tools: readonly ToolSpec[],
  addresses: Addresses,
  notes: string[],
): Json {
  const settings = { ...base, ...config.settings };
  const label = inertShown(config.name);
  const { id, format, note } = providerOf(settings);
  if (note) notes.push(`${label}: ${note}`);
  const choice = settings.toolChoice;
  const named = choice !== undefined && typeof choice !== 'string' && TOOL_NAME_PATTERN.test(choice.toolName);
  if (choice !== undefined && typeof choice !== 'string' && !named)
    notes.push(`${label}: its forced tool is not a tool name promptfoo can take: tool_choice left out.`);
  const toolChoice =
    choice === undefined || typeof choice === 'string'
      ? choice
      : !named
        ? undefined
        : format === 'anthropic'
          ? { type: 'tool', name: choice.toolName }
          : format === 'openai-responses'
            ? { type: 'function', name: choice.toolName }
            : { type: 'function', function: { name: choice.toolName } };
  const baseURL = settings.provider === 'simulated' ? undefined : settings.baseURL;
  const confirmed = baseURL !== undefined && addresses.confirmed.has(baseURL);
  if (baseURL && !confirmed)
    notes.push(
      `${label}: its base URL was left out (not confirmed in the export dialog): promptfoo sends this provider's requests, with your key, to the provider's own address. Add apiBaseUrl yourself if you trust it.`,
    );
  return {
    id,
    label,
    config: {
      ...(confirmed ? { apiBaseUrl: baseURL } : {}),
      ...(settings.temperature === undefined ? {} : { temperature: settings.temperature }),
      ...(settings.maxOutputTokens === undefined ? {} : { max_tokens: settings.maxOutputTokens }),
      ...(settings.parallelToolCalls === undefined || format === 'anthropic'
        ? {}
        : { parallel_tool_calls: settings.parallelToolCalls }),
      ...(toolChoice === undefined ? {} : { tool_choice: toolChoice }),
      tools: toolsFor(tools, format, label, notes),
    },
  };
}

/** A case's conversation as chat messages (system, earlier turns, the prompt), each text encoded for `dump`. */
const chatOf = (each: EvalCase, system: string | undefined) =>
  [
    ...((each.system ?? system) ? [{ role: 'system', content: each.system ?? system ?? '' }] : []),
    ...(each.messages ?? []).map((message) => ({ role: message.role, content: message.text })),
    { role: 'user', content: each.prompt },
  ].map((message) => ({ ...message, content: encodeForDump(message.content) }));

/** The assertions promptfoo runs for a case, and what of the case it cannot be given. */
function assertionsOf(each: EvalCase, openaiOnly: boolean, notes: string[]): Json[] {
  const { expect } = each;
  const assert: Json[] = [];
  const id = inertShown(each.id);
  if (
    openaiOnly &&
    (expect.validCalls === true || (expect.validCalls === undefined && (expect.calls.length > 0 || expect.anyCall)))
  )
    assert.push({ type: 'is-valid-openai-tools-call' });
  if (expect.toolF1) {
    if (expect.toolF1.tools.some((name) => loaderPrefixOf(name) !== undefined))
      notes.push(`${id}: its tool-call F1 names a tool that starts with a prefix promptfoo loads: left out.`);
    else
      assert.push({
        type: 'tool-call-f1',
        value: expect.toolF1.tools.map(verbatim),
        ...(expect.toolF1.threshold === undefined ? {} : { threshold: expect.toolF1.threshold }),
      });
  }
  for (const check of expect.output ?? []) {
    const risk = outputCheckRisk(check);
    if (risk) notes.push(`${id}: an output check left out: ${risk}.`);
    else assert.push(outputAssertion(check));
  }
  if (needsChecker(expect)) assert.push({ type: 'javascript', value: checkerSource(expect) });
  if ((expect.files?.length ?? 0) > 0)
    notes.push(`${id}: its workspace checks need the playground's sandbox and are not in the config.`);
  if (
    expect.calls.some((call) =>
      Object.values(call.args).some(
        (matcher) => typeof matcher === 'object' && matcher !== null && ('schema' in matcher || 'bfcl' in matcher),
      ),
    )
  )
    notes.push(`${id}: its schema and BFCL argument matchers pass any value in promptfoo (it has no check for them).`);
  return assert;
}

function testOf(each: EvalCase, system: string | undefined, openaiOnly: boolean, notes: string[]): Json {
  const assert = assertionsOf(each, openaiOnly, notes);
  return {
    description: inertShown(each.name ?? each.id),
    // Stranger text reaches promptfoo's vars only inside an object, which it neither loads nor renders.
    vars: { messages: chatOf(each, system) },
    ...(assert.length > 0 ? { assert } : {}),
    // The case as a JSON string: no `$ref` for promptfoo to resolve, "{" before "{%#" as \u007b.
    metadata: { [CASE_METADATA_KEY]: jsonLiteral(each) },
  };
}

/** The cases over the tools and configurations as a promptfoo config (YAML), and what did not carry over. */
export function writePromptfooConfig({
  description = 'Exported from Tool Playground',
  cases,
  tools,
  configs,
  baseSettings,
  repeats,
  confirmedBaseUrls = [],
}: {
  description?: string;
  cases: readonly EvalCase[];
  tools: readonly ToolSpec[];
  configs: readonly EvalConfig[];
  baseSettings: RunSettings;
  repeats: number;
  /** The base URLs the person confirmed in the export dialog: no other is written. */
  confirmedBaseUrls?: readonly string[];
}): PromptfooExport {
  const notes: string[] = [];
  const addresses = { confirmed: new Set(confirmedBaseUrls) };
  const providers = configs.map((config) => providerEntry(config, baseSettings, tools, addresses, notes));
  const system = baseSettings.system;
  const openaiOnly = providers.every((provider) => String(provider.id).startsWith('openai:chat:'));
  // A case with no check would be a test promptfoo passes for doing anything: left out, and said.
  const checked = cases.filter((each) => {
    if (countCaseChecks(each) > 0) return true;
    notes.push(
      `${inertShown(each.id)}: no check of this case ran here (every one was left out at import), so it is not exported — promptfoo would pass a test with no assertion.`,
    );
    return false;
  });
  const tests = checked.map((each) => testOf(each, system, openaiOnly, notes));
  const encoded = tests.some((test) =>
    (test.vars as { messages: { content: string }[] }).messages.some((message) => message.content.includes('\ue000')),
  );
  const config = {
    description: inertShown(description),
    prompts: [messagesPrompt(encoded)],
    providers,
    tests,
    ...(repeats > 1 ? { evaluateOptions: { repeat: repeats } } : {}),
  };
  const header = [
    '# yaml-language-server: $schema=https://promptfoo.dev/config-schema.json',
    '# Exported by Tool Playground. Check it: npx promptfoo validate -c <this file>; run it: npx promptfoo eval -c <this file>',
    ...notes.map((note) => `# ${note.replace(/\s+/g, ' ')}`),
  ].join('\n');
  return { text: `${header}\n${stringify(config, { lineWidth: 0, aliasDuplicateObjects: false })}`, notes };
}
