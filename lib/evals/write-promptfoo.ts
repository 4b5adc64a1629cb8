import { stringify } from 'yaml';
import type { EvalCase, OutputCheck } from '../shapes/eval-case';
import type { EvalConfig } from '../shapes/eval-run';
import type { RunSettings } from '../shapes/run-settings';
import type { ToolSpec } from '../shapes/tool-spec';
import { toToolListValue } from '../tools/formats/export-tool-list';
import { checkerSource, jsonLiteral, needsChecker } from './promptfoo-checker';

/*
 * The Evals grid as a promptfoo config (docs/evals.md, "promptfoo"): `promptfoo validate` accepts
 * it and `promptfoo eval` runs the same prompts, tools and checks; each test keeps its case in
 * `metadata.toolPlayground`, so `Import cases…` reads it back whole.
 */

/** The metadata key a test keeps its case under. */
export const CASE_METADATA_KEY = 'toolPlayground';

export type PromptfooExport = { text: string; notes: string[] };

type Json = Record<string, unknown>;

/** A value promptfoo will render as Nunjucks, kept as written. */
const verbatim = (text: string) =>
  /\{[{%#]/.test(text)
    ? `{% raw %}${text.replaceAll('{% endraw %}', '{% endraw %}{{ "{% endraw %}" }}{% raw %}')}{% endraw %}`
    : text;

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

/** The provider id, and the tool format it takes, for a configuration's settings. */
function providerOf(settings: RunSettings): {
  id: string;
  format: 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';
  note?: string;
} {
  switch (settings.provider) {
    case 'openai':
      return settings.openaiApi === 'chat'
        ? { id: `openai:chat:${settings.model}`, format: 'openai-chat' }
        : { id: `openai:responses:${settings.model}`, format: 'openai-responses' };
    case 'anthropic':
      return { id: `anthropic:messages:${settings.model}`, format: 'anthropic' };
    case 'google':
      return { id: `google:${settings.model}`, format: 'gemini' };
    case 'openai-compatible':
      return { id: `openai:chat:${settings.model}`, format: 'openai-chat' };
    default:
      return {
        id: 'openai:chat:gpt-4.1-mini',
        format: 'openai-chat',
        note: 'promptfoo has no simulated model: its configuration runs openai:chat:gpt-4.1-mini (change the id to the model you want).',
      };
  }
}

function providerEntry(config: EvalConfig, base: RunSettings, tools: readonly ToolSpec[], notes: string[]): Json {
  const settings = { ...base, ...config.settings };
  const { id, format, note } = providerOf(settings);
  if (note) notes.push(`${config.name}: ${note}`);
  const choice = settings.toolChoice;
  const toolChoice =
    choice === undefined || typeof choice === 'string'
      ? choice
      : format === 'anthropic'
        ? { type: 'tool', name: choice.toolName }
        : format === 'openai-responses'
          ? { type: 'function', name: choice.toolName }
          : { type: 'function', function: { name: choice.toolName } };
  return {
    id,
    label: config.name,
    config: {
      ...(settings.baseURL && settings.provider !== 'simulated' ? { apiBaseUrl: settings.baseURL } : {}),
      ...(settings.temperature === undefined ? {} : { temperature: settings.temperature }),
      ...(settings.maxOutputTokens === undefined ? {} : { max_tokens: settings.maxOutputTokens }),
      ...(settings.parallelToolCalls === undefined || format === 'anthropic'
        ? {}
        : { parallel_tool_calls: settings.parallelToolCalls }),
      ...(toolChoice === undefined ? {} : { tool_choice: toolChoice }),
      tools: toToolListValue(tools, format),
    },
  };
}

/** A case's conversation as chat messages (system, earlier turns, the prompt). */
const chatOf = (each: EvalCase, system: string | undefined) => [
  ...((each.system ?? system) ? [{ role: 'system', content: each.system ?? system }] : []),
  ...(each.messages ?? []).map((message) => ({ role: message.role, content: message.text })),
  { role: 'user', content: each.prompt },
];

function testOf(each: EvalCase, chat: boolean, system: string | undefined, openaiOnly: boolean, notes: string[]): Json {
  const { expect } = each;
  const assert: Json[] = [];
  if (
    openaiOnly &&
    (expect.validCalls === true || (expect.validCalls === undefined && (expect.calls.length > 0 || expect.anyCall)))
  )
    assert.push({ type: 'is-valid-openai-tools-call' });
  if (expect.toolF1)
    assert.push({
      type: 'tool-call-f1',
      value: expect.toolF1.tools,
      ...(expect.toolF1.threshold === undefined ? {} : { threshold: expect.toolF1.threshold }),
    });
  assert.push(...(expect.output ?? []).map(outputAssertion));
  if (needsChecker(expect)) assert.push({ type: 'javascript', value: checkerSource(expect) });
  if ((expect.files?.length ?? 0) > 0)
    notes.push(`${each.id}: its workspace checks need the playground's sandbox and are not in the config.`);
  if (
    expect.calls.some((call) =>
      Object.values(call.args).some(
        (matcher) => typeof matcher === 'object' && matcher !== null && ('schema' in matcher || 'bfcl' in matcher),
      ),
    )
  )
    notes.push(
      `${each.id}: its schema and BFCL argument matchers pass any value in promptfoo (it has no check for them).`,
    );
  return {
    description: each.name ?? each.id,
    vars: chat ? { messages: chatOf(each, system) } : { prompt: each.prompt },
    ...(assert.length > 0 ? { assert } : {}),
    metadata: { [CASE_METADATA_KEY]: each },
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
}: {
  description?: string;
  cases: readonly EvalCase[];
  tools: readonly ToolSpec[];
  configs: readonly EvalConfig[];
  baseSettings: RunSettings;
  repeats: number;
}): PromptfooExport {
  const notes: string[] = [];
  const providers = configs.map((config) => providerEntry(config, baseSettings, tools, notes));
  const system = baseSettings.system;
  const chat = Boolean(system) || cases.some((each) => each.system !== undefined || (each.messages?.length ?? 0) > 0);
  const openaiOnly = providers.every((provider) => String(provider.id).startsWith('openai:chat:'));
  const config = {
    description,
    prompts: [chat ? '{{ messages | dump }}' : '{{ prompt }}'],
    providers,
    tests: cases.map((each) => testOf(each, chat, system, openaiOnly, notes)),
    ...(repeats > 1 ? { evaluateOptions: { repeat: repeats } } : {}),
  };
  const header = [
    '# yaml-language-server: $schema=https://promptfoo.dev/config-schema.json',
    '# Exported by Tool Playground. Check it: npx promptfoo validate -c <this file>; run it: npx promptfoo eval -c <this file>',
    ...notes.map((note) => `# ${note.replace(/\s+/g, ' ')}`),
  ].join('\n');
  return { text: `${header}\n${stringify(config, { lineWidth: 0, aliasDuplicateObjects: false })}`, notes };
}
