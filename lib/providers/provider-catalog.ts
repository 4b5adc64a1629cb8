import type { ProviderId } from '../shapes/run-settings-defaults';

export type ProviderPreset = { id: string; label: string; baseURL: string; models: string[] };

export type ProviderEntry = {
  label: string;
  /** Environment variable the server reads the key from; undefined: no key needed. */
  keyEnv: string | undefined;
  /** Whether a run needs a key (OpenAI-compatible local servers usually do not). */
  needsKey: boolean;
  /** Suggested model ids; any id can be typed. */
  models: string[];
  /** Where requests go by default; undefined: the user gives a base URL. */
  defaultBaseURL: string | undefined;
  /**
   * Environment variable an operator sets to move the provider's home (a proxy, a gateway).
   * The server's key goes only to the default base URL or this one, never to a URL a request names.
   */
  baseURLEnv: string | undefined;
  presets: ProviderPreset[];
};

/** Every provider the playground talks to, as data (safe for the browser: no keys). */
export const PROVIDER_CATALOG = {
  simulated: {
    label: 'Simulated',
    keyEnv: undefined,
    needsKey: false,
    models: ['simulated-1', 'simulated-scripted'],
    defaultBaseURL: undefined,
    baseURLEnv: undefined,
    presets: [],
  },
  browser: {
    label: 'In your browser (no key)',
    keyEnv: undefined,
    needsKey: false,
    // The model is a file the person loads; its id is the file's name (this until one is loaded).
    models: ['model.gguf'],
    defaultBaseURL: undefined,
    baseURLEnv: undefined,
    presets: [],
  },
  openai: {
    label: 'OpenAI',
    keyEnv: 'OPENAI_API_KEY',
    needsKey: true,
    models: ['gpt-4.1-mini', 'gpt-4.1', 'gpt-4o-mini', 'gpt-4o', 'o4-mini', 'gpt-5-mini'],
    defaultBaseURL: 'https://api.openai.com/v1',
    baseURLEnv: 'OPENAI_BASE_URL',
    presets: [],
  },
  anthropic: {
    label: 'Anthropic',
    keyEnv: 'ANTHROPIC_API_KEY',
    needsKey: true,
    models: ['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-1', 'claude-3-5-haiku-latest'],
    defaultBaseURL: 'https://api.anthropic.com/v1',
    baseURLEnv: 'ANTHROPIC_BASE_URL',
    presets: [],
  },
  google: {
    label: 'Google Gemini',
    keyEnv: 'GOOGLE_GENERATIVE_AI_API_KEY',
    needsKey: true,
    models: ['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.0-flash'],
    defaultBaseURL: 'https://generativelanguage.googleapis.com/v1beta',
    baseURLEnv: 'GOOGLE_GENERATIVE_AI_BASE_URL',
    presets: [],
  },
  'openai-compatible': {
    label: 'OpenAI-compatible',
    keyEnv: 'OPENAI_COMPATIBLE_API_KEY',
    needsKey: false,
    models: [],
    defaultBaseURL: undefined,
    baseURLEnv: 'OPENAI_COMPATIBLE_BASE_URL',
    presets: [
      {
        id: 'ollama',
        label: 'Ollama',
        baseURL: 'http://localhost:11434/v1',
        models: ['llama3.1', 'qwen2.5', 'mistral'],
      },
      { id: 'vllm', label: 'vLLM', baseURL: 'http://localhost:8000/v1', models: [] },
      { id: 'lm-studio', label: 'LM Studio', baseURL: 'http://localhost:1234/v1', models: [] },
      {
        id: 'openrouter',
        label: 'OpenRouter',
        baseURL: 'https://openrouter.ai/api/v1',
        models: ['openai/gpt-4o-mini', 'anthropic/claude-3.5-haiku'],
      },
    ],
  },
} as const satisfies Record<ProviderId, ProviderEntry>;
