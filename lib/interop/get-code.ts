import { resolveToolCallingMode } from '../providers/modes/resolve-tool-calling-mode';
import type { ToolCallingMode } from '../shapes/run-settings-defaults';
import { providerOptionsFor } from '../providers/provider-options';
import { withoutParallelSwitch } from '../providers/parallel-only-with-tools';
import { supports } from '../providers/model-capabilities';
import { isStrictCompatible } from '../tools/lint/lint-rules';
import { checkSendableSettings, type RunSettings } from '../shapes/run-settings';
import { toModelMessages } from '../wire/to-model-messages';
import type { CapturedRequest } from '../shapes/wire-capture';
import type { WireRequest } from '../wire/wire-types';
import type { WireFormat } from '../shapes/wire-capture';

export const CODE_LANGUAGES = ['typescript', 'python', 'curl'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];
export const CODE_LANGUAGE_LABELS: Record<CodeLanguage, string> = {
  typescript: 'TypeScript (AI SDK)',
  python: 'Python',
  curl: 'curl',
};

/** The versions the snippets are written for (said in each snippet). */
export const SNIPPET_VERSIONS = {
  typescript: 'ai 7, @ai-sdk/* 4 (as this playground uses)',
  python: 'openai ≥ 1.66, anthropic ≥ 0.49 (1.x too), or the standard library for Gemini',
} as const;

export type CodeResult = { ok: true; code: string } | { ok: false; message: string };

/** What a snippet is made from: the next request, and the body the provider's package sends for it. */
export type CodeInput = {
  /** Provider-neutral: the TypeScript snippet hands it to the AI SDK, which builds the body itself. */
  request: WireRequest;
  /** The exact request the provider's AI SDK package sends for it (from `POST /api/wire`): Python and curl send this body. */
  rendered: CapturedRequest | undefined;
};

/** The format Get code writes for the selected provider (the simulated model is shown as OpenAI Chat Completions). */
export function codeFormatFor(settings: RunSettings): WireFormat {
  switch (settings.provider) {
    case 'anthropic':
      return 'anthropic';
    case 'google':
      return 'gemini';
    case 'openai':
      return settings.openaiApi === 'chat' ? 'openai-chat' : 'openai-responses';
    case 'openai-compatible':
    case 'simulated':
    case 'browser':
      return 'openai-chat';
  }
}

/** The settings the code is written for: a real model stands in for the simulated one, so the code runs as printed. */
export function codeSettingsFor(settings: RunSettings): RunSettings {
  if (settings.provider !== 'simulated') return settings;
  // Keep the tool-calling mode the simulated run used, whatever gpt-4o-mini would get in Auto.
  const mode = resolveToolCallingMode(settings.mode, settings.provider, settings.model);
  return { ...settings, provider: 'openai', openaiApi: 'chat', model: 'gpt-4o-mini', baseURL: undefined, mode };
}

const MODE_NAMES = {
  native: 'native',
  structured: 'structured',
  validated: 'validated (ReAct)',
  parsed: 'parsed',
} as const satisfies Record<ToolCallingMode, string>;

const SIMULATED_NOTE =
  'The simulated model runs only in the playground; this is the same request for OpenAI Chat Completions (with gpt-4o-mini in its place).';

/** `text` as one shell word: single-quoted, so nothing in it is expanded or run. */
export function quoteShell(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

/** A JSON value as a Python literal (dicts, lists, True/False/None). */
export function toPython(value: unknown, indent = 0): string {
  const pad = ' '.repeat(indent + 4);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${pad}${toPython(item, indent + 4)}`).join(',\n')},\n${' '.repeat(indent)}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${toPython(item, indent + 4)}`).join(',\n')},\n${' '.repeat(indent)}}`;
}

/** Where the request goes: the provider's address (or the base URL) and the captured path. */
function urlFor(settings: RunSettings, rendered: CapturedRequest): string {
  if (settings.provider === 'openai-compatible') {
    return `${(settings.baseURL ?? 'http://localhost:11434/v1').replace(/\/$/, '')}/chat/completions`;
  }
  const origin =
    settings.provider === 'anthropic'
      ? 'https://api.anthropic.com'
      : settings.provider === 'google'
        ? 'https://generativelanguage.googleapis.com'
        : 'https://api.openai.com';
  return `${origin}${rendered.path}`;
}

/** The environment variable each snippet reads the key from (Google's own tools read GEMINI_API_KEY). */
function keyVariableFor(settings: RunSettings, language: CodeLanguage): string {
  switch (settings.provider) {
    case 'anthropic':
      return 'ANTHROPIC_API_KEY';
    case 'google':
      return language === 'typescript' ? 'GOOGLE_GENERATIVE_AI_API_KEY' : 'GEMINI_API_KEY';
    case 'openai-compatible':
      return 'OPENAI_COMPATIBLE_API_KEY';
    default:
      return 'OPENAI_API_KEY';
  }
}

/** Headers of the captured request that are not secrets and not the client's own. */
function plainHeaders(rendered: CapturedRequest): [string, string][] {
  return Object.entries(rendered.headers).filter(([name, value]) => value !== '[redacted]' && name !== 'user-agent');
}

function authHeader(settings: RunSettings, variable: string): [string, string] {
  if (settings.provider === 'anthropic') return ['x-api-key', `$${variable}`];
  if (settings.provider === 'google') return ['x-goog-api-key', `$${variable}`];
  return ['authorization', `Bearer $${variable}`];
}

function typescript(request: WireRequest, settings: RunSettings): string {
  const variable = keyVariableFor(settings, 'typescript');
  const model = JSON.stringify(request.model);
  const setup: Record<RunSettings['provider'], [string, string]> = {
    openai: [
      `import { openai } from '@ai-sdk/openai'; // reads ${variable} (and OPENAI_BASE_URL)`,
      settings.openaiApi === 'chat' ? `openai.chat(${model})` : `openai.responses(${model})`,
    ],
    simulated: [`import { openai } from '@ai-sdk/openai'; // reads ${variable}`, `openai.chat(${model})`],
    // A GGUF file in the page: the same request to any OpenAI-compatible server (llama.cpp's llama-server).
    browser: [
      `import { createOpenAICompatible } from '@ai-sdk/openai-compatible'; // e.g. llama-server -m <model>.gguf --jinja`,
      `createOpenAICompatible({ name: 'llama-server', baseURL: 'http://localhost:8080/v1' })(${model})`,
    ],
    anthropic: [
      `import { anthropic } from '@ai-sdk/anthropic'; // reads ${variable} (and ANTHROPIC_BASE_URL)`,
      `anthropic(${model})`,
    ],
    google: [
      `import { createGoogle } from '@ai-sdk/google';\n\n// Reads ${variable}; GOOGLE_GENERATIVE_AI_BASE_URL may name a proxy.\nconst google = createGoogle({ baseURL: process.env.GOOGLE_GENERATIVE_AI_BASE_URL });`,
      `google(${model})`,
    ],
    'openai-compatible': [
      `import { createOpenAICompatible } from '@ai-sdk/openai-compatible';\n\nconst provider = createOpenAICompatible({ name: 'openaiCompatible', baseURL: ${JSON.stringify(settings.baseURL ?? 'http://localhost:11434/v1')}, apiKey: process.env.${variable} });`,
      `provider(${model})`,
    ],
  };
  const [imports, factory] = setup[settings.provider];
  // As the run binds them: OpenAI tools strict where their schema allows it (see buildTools).
  const strict = settings.provider === 'openai' && supports(settings, 'strictSchemas');
  const tools = request.tools
    .map(
      (tool) =>
        `    ${JSON.stringify(tool.name)}: tool({\n      description: ${JSON.stringify(tool.description)},\n      inputSchema: jsonSchema(${JSON.stringify(tool.inputSchema, null, 2).replace(/\n/g, '\n      ')}),${strict && isStrictCompatible(tool) ? '\n      strict: true,' : ''}\n    }),`,
    )
    .join('\n');
  const options = providerOptionsFor({ ...settings, parallelToolCalls: request.parallelToolCalls });
  const providerOptions = request.tools.length > 0 ? options : withoutParallelSwitch(options);
  return [
    `// For ${SNIPPET_VERSIONS.typescript}.`,
    "import { jsonSchema, streamText, tool } from 'ai';",
    imports,
    '',
    'const result = streamText({',
    `  model: ${factory},`,
    ...(request.system ? [`  system: ${JSON.stringify(request.system)},`] : []),
    `  messages: ${JSON.stringify(toModelMessages(request), null, 2).replace(/\n/g, '\n  ')},`,
    ...(request.tools.length > 0
      ? [`  tools: {\n${tools}\n  },`, `  toolChoice: ${JSON.stringify(request.toolChoice)},`]
      : []),
    ...(request.temperature === undefined ? [] : [`  temperature: ${request.temperature},`]),
    ...(request.maxOutputTokens === undefined ? [] : [`  maxOutputTokens: ${request.maxOutputTokens},`]),
    ...(Object.keys(providerOptions).length > 0 ? [`  providerOptions: ${JSON.stringify(providerOptions)},`] : []),
    '});',
    '',
    'for await (const part of result.fullStream) {',
    "  if (part.type === 'tool-call') console.log('tool call', part.toolName, part.input);",
    "  if (part.type === 'text-delta') process.stdout.write(part.text);",
    '}',
    '',
  ].join('\n');
}

/** The sampling settings anthropic 1.x no longer takes as keywords of `messages.create`. */
const ANTHROPIC_SAMPLING = ['temperature', 'top_p', 'top_k'];

/** An Anthropic body split into `messages.create`'s keywords and the sampling settings (if any). */
function splitSampling(body: unknown): { rest: unknown; sampling: Record<string, unknown> | undefined } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { rest: body, sampling: undefined };
  const entries = Object.entries(body as Record<string, unknown>);
  const sampling = entries.filter(([key]) => ANTHROPIC_SAMPLING.includes(key));
  if (sampling.length === 0) return { rest: body, sampling: undefined };
  return {
    rest: Object.fromEntries(entries.filter(([key]) => !ANTHROPIC_SAMPLING.includes(key))),
    sampling: Object.fromEntries(sampling),
  };
}

function python(settings: RunSettings, rendered: CapturedRequest, format: WireFormat): string {
  const variable = keyVariableFor(settings, 'python');
  const body = toPython(rendered.body);
  const header = [`# For ${SNIPPET_VERSIONS.python}. The body is exactly what the AI SDK sends (it streams).`];
  switch (format) {
    case 'anthropic': {
      // anthropic 1.0 took the sampling settings out of `messages.create`'s keywords: they go in `extra_body`.
      const { sampling, rest } = splitSampling(rendered.body);
      return [
        ...header,
        'import anthropic',
        '',
        `client = anthropic.Anthropic()  # reads ${variable}`,
        ...(sampling
          ? [
              '# anthropic 1.x takes temperature, top_p and top_k only through extra_body (0.x takes it too).',
              `for event in client.messages.create(**${toPython(rest)}, extra_body=${toPython(sampling)}):`,
            ]
          : [`for event in client.messages.create(**${body}):`]),
        '    print(event)',
        '',
      ].join('\n');
    }
    case 'openai-responses':
      return [
        ...header,
        'from openai import OpenAI',
        '',
        `client = OpenAI()  # reads ${variable}`,
        `for event in client.responses.create(**${body}):`,
        '    print(event)',
        '',
      ].join('\n');
    case 'openai-chat': {
      const compatible = settings.provider === 'openai-compatible';
      const client = compatible
        ? `OpenAI(base_url=${JSON.stringify(settings.baseURL ?? 'http://localhost:11434/v1')}, api_key=os.environ.get(${JSON.stringify(variable)}, "none"))`
        : `OpenAI()  # reads ${variable}`;
      return [
        ...header,
        ...(compatible ? ['import os', ''] : []),
        'from openai import OpenAI',
        '',
        `client = ${client}`,
        `for chunk in client.chat.completions.create(**${body}):`,
        '    print(chunk)',
        '',
      ].join('\n');
    }
    case 'gemini': {
      // google-genai takes its own typed config, not the REST body; the standard library sends the body as it is.
      const headers = Object.fromEntries([...plainHeaders(rendered), ['x-goog-api-key', 'KEY']]);
      return [
        ...header,
        'import json',
        'import os',
        'import urllib.request',
        '',
        `body = ${body}`,
        `headers = ${toPython(headers)}`,
        `headers["x-goog-api-key"] = os.environ[${JSON.stringify(variable)}]`,
        `request = urllib.request.Request(${JSON.stringify(urlFor(settings, rendered))}, data=json.dumps(body).encode(), headers=headers)`,
        'with urllib.request.urlopen(request) as response:',
        '    for line in response:',
        '        print(line.decode().rstrip())',
        '',
      ].join('\n');
    }
  }
}

function curl(settings: RunSettings, rendered: CapturedRequest): string {
  const variable = keyVariableFor(settings, 'curl');
  const headers = [...plainHeaders(rendered), authHeader(settings, variable)];
  return [
    `curl ${quoteShell(urlFor(settings, rendered))} \\`,
    // The key comes from the environment: that header alone is double-quoted, so $VAR expands.
    ...headers.map(
      ([name, value]) =>
        `  -H ${value.startsWith('$') || value.startsWith('Bearer $') ? `"${name}: ${value}"` : quoteShell(`${name}: ${value}`)} \\`,
    ),
    `  -d ${quoteShell(JSON.stringify(rendered.body, null, 2))}`,
    '',
  ].join('\n');
}

/**
 * The request the playground would send next, as code for the selected provider. The
 * TypeScript snippet gives the AI SDK what the playground gives it (same model factory, same
 * provider options); Python and curl send the body the provider's package really sends.
 * Keys are environment variables, never values; every value is quoted for its language.
 */
export function getCode(language: CodeLanguage, input: CodeInput, selected: RunSettings): CodeResult {
  // A stranger's link can carry any model id or base URL: refuse what no provider could have.
  const problems = checkSendableSettings(selected);
  if (problems.length > 0)
    return { ok: false, message: `No code: ${problems.map((problem) => problem.message).join(' ')}` };
  const settings = codeSettingsFor(selected);
  const request = { ...input.request, model: settings.model };
  const mode = resolveToolCallingMode(settings.mode, settings.provider, settings.model);
  const notes = [
    ...(selected.provider === 'simulated' ? [SIMULATED_NOTE] : []),
    ...(language === 'typescript' && mode !== 'native'
      ? [
          `This session calls tools in ${MODE_NAMES[mode]} mode (the playground's own middleware); this snippet uses native tool calling.`,
        ]
      : []),
  ];
  const comment = language === 'typescript' ? '//' : '#';
  const prefix = notes.map((note) => `${comment} ${note}\n`).join('');
  if (language === 'typescript') return { ok: true, code: prefix + typescript(request, settings) };
  if (!input.rendered) return { ok: false, message: 'Rendering the request with the provider’s package…' };
  const format = codeFormatFor(selected);
  return {
    ok: true,
    code: prefix + (language === 'python' ? python(settings, input.rendered, format) : curl(settings, input.rendered)),
  };
}
