import { checkSendableSettings, type RunSettings } from '../session/run-settings';
import { renderWireStep } from '../wire/render-wire-step';
import { toModelMessages } from '../wire/to-model-messages';
import type { WireFormat, WireRequest } from '../wire/wire-types';

export const CODE_LANGUAGES = ['typescript', 'python', 'curl'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];
export const CODE_LANGUAGE_LABELS: Record<CodeLanguage, string> = {
  typescript: 'TypeScript (AI SDK)',
  python: 'Python',
  curl: 'curl',
};

export type CodeResult = { ok: true; code: string } | { ok: false; message: string };

type Target = { format: WireFormat; keyVariable: string; url: string; note?: string };

/** Where the selected provider's request goes, in which format, with which key variable. */
function targetFor(settings: RunSettings): Target {
  switch (settings.provider) {
    case 'anthropic':
      return { format: 'anthropic', keyVariable: 'ANTHROPIC_API_KEY', url: 'https://api.anthropic.com/v1/messages' };
    case 'google':
      return {
        format: 'gemini',
        keyVariable: 'GOOGLE_GENERATIVE_AI_API_KEY',
        url: `https://generativelanguage.googleapis.com/v1beta/models/${encodeURIComponent(settings.model)}:generateContent`,
      };
    case 'openai-compatible':
      return {
        format: 'openai-chat',
        keyVariable: 'OPENAI_COMPATIBLE_API_KEY',
        url: `${(settings.baseURL ?? 'http://localhost:11434/v1').replace(/\/$/, '')}/chat/completions`,
      };
    case 'openai':
      return settings.openaiApi === 'chat'
        ? { format: 'openai-chat', keyVariable: 'OPENAI_API_KEY', url: 'https://api.openai.com/v1/chat/completions' }
        : { format: 'openai-responses', keyVariable: 'OPENAI_API_KEY', url: 'https://api.openai.com/v1/responses' };
    case 'simulated':
      return {
        format: 'openai-chat',
        keyVariable: 'OPENAI_API_KEY',
        url: 'https://api.openai.com/v1/chat/completions',
        note: 'The simulated model runs only in the playground; this is the same request for OpenAI Chat Completions (with gpt-4o-mini in its place).',
      };
  }
}

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

const AI_SDK_PACKAGES: Record<RunSettings['provider'], { module: string; factory: string }> = {
  openai: { module: '@ai-sdk/openai', factory: 'openai' },
  simulated: { module: '@ai-sdk/openai', factory: 'openai' },
  anthropic: { module: '@ai-sdk/anthropic', factory: 'anthropic' },
  google: { module: '@ai-sdk/google', factory: 'google' },
  'openai-compatible': { module: '@ai-sdk/openai-compatible', factory: 'provider' },
};

function typescript(request: WireRequest, settings: RunSettings, target: Target): string {
  const { module, factory } = AI_SDK_PACKAGES[settings.provider];
  const messages = toModelMessages(request);
  const tools = request.tools
    .map(
      (tool) =>
        `    ${JSON.stringify(tool.name)}: tool({\n      description: ${JSON.stringify(tool.description)},\n      inputSchema: jsonSchema(${JSON.stringify(tool.inputSchema, null, 2).replace(/\n/g, '\n      ')}),\n    }),`,
    )
    .join('\n');
  const providerSetup =
    settings.provider === 'openai-compatible'
      ? `import { createOpenAICompatible } from '${module}';\n\nconst provider = createOpenAICompatible({ name: 'custom', baseURL: ${JSON.stringify(settings.baseURL ?? 'http://localhost:11434/v1')}, apiKey: process.env.${target.keyVariable} });\n`
      : `import { ${factory} } from '${module}'; // reads ${target.keyVariable} from the environment\n`;
  const choice =
    typeof request.toolChoice === 'string' ? JSON.stringify(request.toolChoice) : JSON.stringify(request.toolChoice);
  return [
    ...(target.note ? [`// ${target.note}`] : []),
    "import { jsonSchema, streamText, tool } from 'ai';",
    providerSetup,
    'const result = streamText({',
    `  model: ${factory}(${JSON.stringify(request.model)}),`,
    ...(request.system ? [`  system: ${JSON.stringify(request.system)},`] : []),
    `  messages: ${JSON.stringify(messages, null, 2).replace(/\n/g, '\n  ')},`,
    `  tools: {\n${tools}\n  },`,
    `  toolChoice: ${choice},`,
    ...(request.temperature === undefined ? [] : [`  temperature: ${request.temperature},`]),
    ...(request.maxOutputTokens === undefined ? [] : [`  maxOutputTokens: ${request.maxOutputTokens},`]),
    '});',
    '',
    'for await (const part of result.fullStream) {',
    "  if (part.type === 'tool-call') console.log('tool call', part.toolName, part.input);",
    "  if (part.type === 'text-delta') process.stdout.write(part.text);",
    '}',
    '',
  ].join('\n');
}

function python(request: WireRequest, settings: RunSettings, target: Target): string {
  const { request: body } = renderWireStep(
    {
      request,
      response: { id: 'x', model: request.model, text: '', toolCalls: [], finishReason: 'stop', usage: undefined },
    },
    target.format,
  );
  const note = target.note ? [`# ${target.note}`] : [];
  switch (target.format) {
    case 'anthropic':
      return [
        ...note,
        'import anthropic',
        '',
        `client = anthropic.Anthropic()  # reads ${target.keyVariable}`,
        `response = client.messages.create(**${toPython(body)})`,
        'print(response.content)',
        '',
      ].join('\n');
    case 'gemini': {
      const { contents, tools, tool_config, system_instruction, generation_config } = body as Record<string, unknown>;
      const config = {
        ...(system_instruction ? { system_instruction } : {}),
        ...(tools ? { tools } : {}),
        tool_config,
        ...(generation_config as object | undefined),
      };
      return [
        ...note,
        'from google import genai',
        '',
        `client = genai.Client()  # reads ${target.keyVariable} (or GEMINI_API_KEY)`,
        'response = client.models.generate_content(',
        `    model=${JSON.stringify(settings.model)},`,
        `    contents=${toPython(contents, 4)},`,
        `    config=${toPython(config, 4)},`,
        ')',
        'print(response.candidates[0].content.parts)',
        '',
      ].join('\n');
    }
    case 'openai-responses':
      return [
        ...note,
        'from openai import OpenAI',
        '',
        `client = OpenAI()  # reads ${target.keyVariable}`,
        `response = client.responses.create(**${toPython(body)})`,
        'print(response.output)',
        '',
      ].join('\n');
    case 'openai-chat': {
      const client =
        settings.provider === 'openai-compatible'
          ? `OpenAI(base_url=${JSON.stringify(settings.baseURL ?? 'http://localhost:11434/v1')}, api_key=os.environ.get(${JSON.stringify(target.keyVariable)}, "none"))`
          : 'OpenAI()';
      return [
        ...note,
        ...(settings.provider === 'openai-compatible' ? ['import os', ''] : []),
        'from openai import OpenAI',
        '',
        `client = ${client}  # reads ${target.keyVariable}`,
        `response = client.chat.completions.create(**${toPython(body)})`,
        'print(response.choices[0].message)',
        '',
      ].join('\n');
    }
  }
}

function curl(request: WireRequest, target: Target): string {
  const { request: body } = renderWireStep(
    {
      request,
      response: { id: 'x', model: request.model, text: '', toolCalls: [], finishReason: 'stop', usage: undefined },
    },
    target.format,
  );
  const headers =
    target.format === 'anthropic'
      ? [`-H "x-api-key: $${target.keyVariable}"`, '-H "anthropic-version: 2023-06-01"']
      : target.format === 'gemini'
        ? [`-H "x-goog-api-key: $${target.keyVariable}"`]
        : [`-H "Authorization: Bearer $${target.keyVariable}"`];
  const json = quoteShell(JSON.stringify(body, null, 2));
  return [
    ...(target.note ? [`# ${target.note}`] : []),
    `curl ${quoteShell(target.url)} \\`,
    '  -H "Content-Type: application/json" \\',
    ...headers.map((header) => `  ${header} \\`),
    `  -d ${json}`,
    '',
  ].join('\n');
}

/**
 * The request the playground would send next, as code for the selected provider: the tools
 * and messages in that provider's format, the key as an environment variable (never the key).
 */
export function getCode(language: CodeLanguage, wireRequest: WireRequest, settings: RunSettings): CodeResult {
  // A stranger's link can carry any model id or base URL: refuse what no provider could have.
  const problems = checkSendableSettings(settings);
  if (problems.length > 0)
    return { ok: false, message: `No code: ${problems.map((problem) => problem.message).join(' ')}` };
  return { ok: true, code: writeCode(language, wireRequest, settings) };
}

function writeCode(language: CodeLanguage, wireRequest: WireRequest, settings: RunSettings): string {
  const target = targetFor(settings);
  // A real model stands in for the simulated one, so the code runs as printed.
  const request = settings.provider === 'simulated' ? { ...wireRequest, model: 'gpt-4o-mini' } : wireRequest;
  if (language === 'typescript') return typescript(request, settings, target);
  if (language === 'python') return python(request, settings, target);
  return curl(request, target);
}
