import type { RunSettings } from '../shapes/run-settings';

/** What a request can ask of a model (seed 002 §4.1, §4.5 `supports_*`). */
export const CAPABILITIES = [
  'tools',
  'parallelToolCalls',
  'toolChoice',
  'jsonMode',
  'strictSchemas',
  'streamingToolArguments',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const CAPABILITY_LABELS = {
  tools: 'Tool calling',
  parallelToolCalls: 'Parallel calls on/off',
  toolChoice: 'Tool choice',
  jsonMode: 'JSON mode (response format)',
  strictSchemas: 'Strict schemas',
  streamingToolArguments: 'Streamed tool arguments',
} as const satisfies Record<Capability, string>;

/** Whether the selected model can do one thing; when not, why (shown greyed in the settings). */
export type Support = { supported: true } | { supported: false; reason: string };
export type ModelCapabilities = { family: string; support: Record<Capability, Support> };

const YES: Support = { supported: true };
const no = (reason: string): Support => ({ supported: false, reason });
const all = (overrides: Partial<Record<Capability, Support>>): Record<Capability, Support> => ({
  tools: YES,
  parallelToolCalls: YES,
  toolChoice: YES,
  jsonMode: YES,
  strictSchemas: YES,
  streamingToolArguments: YES,
  ...overrides,
});

type Family = {
  id: string;
  matches: (settings: Pick<RunSettings, 'provider' | 'model' | 'baseURL'>) => boolean;
  support: Record<Capability, Support>;
};

const hostOf = (baseURL: string | undefined) => {
  try {
    return baseURL ? new URL(baseURL) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The capability table, first match wins: per provider, then per model family where a family
 * differs. Data, not code paths: the request is shaped from it and the settings grey out what
 * it says a model cannot do.
 */
const FAMILIES: Family[] = [
  {
    id: 'simulated',
    matches: (s) => s.provider === 'simulated',
    support: all({
      jsonMode: no('The simulated model answers in its own way; it does not read a response format.'),
      strictSchemas: no('The simulated model does not enforce schemas; the playground validates every call instead.'),
    }),
  },
  {
    id: 'browser',
    matches: (s) => s.provider === 'browser',
    support: all({
      parallelToolCalls: no('The model in your browser makes one call per step (its grammar writes one).'),
      jsonMode: no('The model in your browser reads no response format; its grammar shapes each call instead.'),
      strictSchemas: no(
        "The model in your browser is constrained by a grammar from the tools' schemas (Constrain to the tools' schemas), not by strict mode.",
      ),
    }),
  },
  {
    id: 'openai-reasoning-preview',
    matches: (s) => s.provider === 'openai' && /^o1-(mini|preview)/.test(s.model),
    support: all({
      tools: no('o1-mini and o1-preview have no function calling: pick a text mode (ReAct or parsed).'),
      parallelToolCalls: no('No function calling, so no parallel calls.'),
      toolChoice: no('No function calling, so no tool choice.'),
      jsonMode: no('o1-mini and o1-preview have no response format.'),
      strictSchemas: no('No function calling, so no strict schemas.'),
      streamingToolArguments: no('No function calling.'),
    }),
  },
  { id: 'openai', matches: (s) => s.provider === 'openai', support: all({}) },
  {
    id: 'anthropic-claude-3',
    matches: (s) => s.provider === 'anthropic' && /claude-3/.test(s.model),
    support: all({
      strictSchemas: no(
        'Claude 3 models have no structured outputs, so tools cannot be strict (Claude 4.5 and newer can).',
      ),
    }),
  },
  { id: 'anthropic', matches: (s) => s.provider === 'anthropic', support: all({}) },
  {
    id: 'gemini',
    matches: (s) => s.provider === 'google',
    support: all({
      parallelToolCalls: no(
        'Gemini has no setting for parallel calls: it may call several tools in one step whatever you choose.',
      ),
      strictSchemas: no('Gemini reads an OpenAPI subset of JSON Schema and has no strict flag.'),
      streamingToolArguments: no('Gemini sends each function call whole, not in pieces.'),
    }),
  },
  {
    id: 'ollama',
    matches: (s) => {
      const url = hostOf(s.baseURL);
      return s.provider === 'openai-compatible' && (url?.port === '11434' || /ollama/i.test(url?.hostname ?? ''));
    },
    support: all({
      parallelToolCalls: no('Ollama has no parallel_tool_calls setting (seed 002 §4.1).'),
      toolChoice: no('Ollama ignores tool_choice: the model alone decides whether to call a tool (seed 002 §4.1).'),
      strictSchemas: no('Ollama does not enforce strict schemas.'),
      streamingToolArguments: no('Ollama sends each tool call whole.'),
    }),
  },
  {
    id: 'openai-compatible',
    matches: (s) => s.provider === 'openai-compatible',
    support: all({
      strictSchemas: no('Not every OpenAI-compatible server enforces strict schemas, so none is asked for.'),
    }),
  },
];

/** What the selected provider and model can do, from the capability table. */
export function capabilitiesOf(settings: Pick<RunSettings, 'provider' | 'model' | 'baseURL'>): ModelCapabilities {
  const family = FAMILIES.find((candidate) => candidate.matches(settings)) ?? FAMILIES[FAMILIES.length - 1];
  return { family: family.id, support: family.support };
}

/** Whether the selected model supports one capability. */
export function supports(
  settings: Pick<RunSettings, 'provider' | 'model' | 'baseURL'>,
  capability: Capability,
): boolean {
  return capabilitiesOf(settings).support[capability].supported;
}
