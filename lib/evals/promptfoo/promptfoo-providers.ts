import type { EvalConfig } from '../../shapes/eval-run';
import type { RunSettings } from '../../shapes/run-settings';
import { SESSION_LIMITS } from '../../shapes/session-limits';
import type { ToolDraft } from '../../shapes/tool-spec';
import { formatToolSource } from '../../shapes/tool-source';
import { importToolList } from '../../tools/formats/import-tool-list';

/*
 * A promptfoo config's providers as the grid's configurations, and the tools they are given as the
 * grid's tool list (docs/evals.md, "promptfoo").
 */

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export type Provider = { id: string; label?: string; config: Json };

export function readProviders(value: unknown): Provider[] {
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  return list.flatMap((item): Provider[] => {
    if (typeof item === 'string') return [{ id: item, config: {} }];
    if (!isRecord(item)) return [];
    if (typeof item.id === 'string')
      return [
        {
          id: item.id,
          label: typeof item.label === 'string' ? item.label : undefined,
          config: isRecord(item.config) ? item.config : {},
        },
      ];
    // { "openai:gpt-4o": { config: … } }
    return Object.entries(item).map(([id, inner]) => ({
      id,
      config: isRecord(inner) && isRecord(inner.config) ? inner.config : {},
    }));
  });
}

/** A promptfoo provider id as the playground's provider, model and API. */
function providerSettings(id: string): Partial<RunSettings> | undefined {
  const [family, ...rest] = id.split(':');
  const pick = (kinds: string[]) => (rest.length > 1 && kinds.includes(rest[0]) ? rest.slice(1) : rest).join(':');
  if (family === 'openai') {
    if (['embedding', 'embeddings', 'assistant', 'image', 'realtime', 'completion'].includes(rest[0])) return undefined;
    return {
      provider: 'openai',
      model: pick(['chat', 'responses']),
      openaiApi: rest[0] === 'responses' ? 'responses' : 'chat',
    };
  }
  if (family === 'anthropic') return { provider: 'anthropic', model: pick(['messages']) };
  if (family === 'google' || family === 'vertex') return { provider: 'google', model: pick(['gemini']) };
  if (family === 'ollama')
    return { provider: 'openai-compatible', model: pick(['chat']), baseURL: 'http://localhost:11434/v1' };
  return undefined;
}

function toolChoiceOf(value: unknown): RunSettings['toolChoice'] | undefined {
  if (value === 'auto' || value === 'required' || value === 'none') return value;
  if (value === 'any') return 'required';
  if (isRecord(value)) {
    const name = isRecord(value.function) ? value.function.name : value.name;
    if (typeof name === 'string' && name) return { type: 'tool', toolName: name };
  }
  return undefined;
}

/** A provider as a configuration, or why it is left out. */
export function configOf(provider: Provider): Omit<EvalConfig, 'id'> | string {
  const base = providerSettings(provider.id);
  if (!base) return `${provider.id} is not a provider the playground runs`;
  const { config } = provider;
  const host = typeof config.apiHost === 'string' ? `https://${config.apiHost}/v1` : undefined;
  const baseURL = typeof config.apiBaseUrl === 'string' ? config.apiBaseUrl : host;
  const toolChoice = toolChoiceOf(config.tool_choice);
  const maxTokens = config.max_tokens ?? config.max_output_tokens ?? config.maxOutputTokens;
  const settings: Partial<RunSettings> = {
    ...base,
    // promptfoo sends the tools as the provider's own tool calling.
    mode: 'native',
    ...(baseURL ? { baseURL } : {}),
    ...(typeof config.temperature === 'number' ? { temperature: Math.min(2, Math.max(0, config.temperature)) } : {}),
    ...(typeof maxTokens === 'number' && Number.isInteger(maxTokens) && maxTokens > 0
      ? { maxOutputTokens: Math.min(maxTokens, 200_000) }
      : {}),
    ...(toolChoice ? { toolChoice } : {}),
    ...(typeof config.parallel_tool_calls === 'boolean' ? { parallelToolCalls: config.parallel_tool_calls } : {}),
    ...(typeof config.instructions === 'string' ? { system: config.instructions } : {}),
  };
  return { name: (provider.label ?? provider.id).slice(0, SESSION_LIMITS.evalNameChars), settings };
}

/** The tool formats each promptfoo provider family sends as its own. */
const OWN_FORMATS: Readonly<Record<string, readonly string[]>> = {
  openai: ['openai-chat', 'openai-responses'],
  anthropic: ['anthropic'],
};

/**
 * promptfoo hands a provider its `tools` as written: an OpenAI provider given Anthropic-format tools
 * sends them as they are (OpenAI refuses a tool without `type: "function"`). The playground reads
 * them as tools, so its verdicts for that provider can differ from promptfoo's — said, not hidden.
 */
export function providerDoesNotConvert(providerId: string, formats: readonly string[]): string | undefined {
  const family = providerId.split(':')[0];
  const own = OWN_FORMATS[family];
  const foreign = own ? [...new Set(formats.filter((format) => !own.includes(format)))] : [];
  if (foreign.length === 0) return undefined;
  return `${providerId}'s tools are in ${foreign.join(' and ')} format: promptfoo sends them to the provider as written, unconverted (${family === 'openai' ? 'OpenAI refuses a tool without type: "function"' : 'the provider may refuse them'}). The playground runs them as tools, so its verdicts for this provider can differ from promptfoo's.`;
}

export function toolsOf(providers: Provider[], notes: string[]): ToolDraft[] | undefined {
  const named = providers.filter((provider) => provider.config.tools !== undefined);
  const first = named[0];
  if (!first) return undefined;
  const { tools } = first.config;
  if (typeof tools === 'string') {
    notes.push(
      `${first.id} names its tools in ${tools}: that file is not in the config — paste the tools into the config (or import them in the Tools pane).`,
    );
    return undefined;
  }
  const read = importToolList(JSON.stringify(tools));
  if (!read.ok) {
    notes.push(`${first.id}'s tools could not be read: ${read.message}`);
    return undefined;
  }
  notes.push(...read.skipped);
  const unconverted = providerDoesNotConvert(
    first.id,
    read.tools.map((tool) => tool.format),
  );
  if (unconverted) notes.push(unconverted);
  if (named.some((provider) => JSON.stringify(provider.config.tools) !== JSON.stringify(tools)))
    notes.push(`The providers give different tools: the grid runs ${first.id}'s with every configuration.`);
  return read.tools.map((tool, index) => ({
    id: `tool-promptfoo-${index + 1}`,
    source: formatToolSource(tool.definition),
    enabled: true,
    run: { kind: 'mock', result: '{\n  "ok": true\n}\n' },
  }));
}
