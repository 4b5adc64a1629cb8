// Makes the OTLP JSON traces in lib/interop/fixtures with the producers' own npm packages: the
// OpenInference instrumentations of the official OpenAI SDK (Chat Completions and Responses),
// the Anthropic SDK and LangChain.js, each tracing the same conversation against a loopback fake
// provider (below). Run `npm install` in this folder, then `node make-fixtures.mjs`.
//
// The conversation: the user asks for the weather in Paris and in Oslo; the model says it will
// look and calls get_weather twice in one step; the app runs both and sends the results back; the
// model answers in text.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import * as CallbackManagerModule from '@langchain/core/callbacks/manager';
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import { AnthropicInstrumentation } from '@arizeai/openinference-instrumentation-anthropic';
import { LangChainInstrumentation } from '@arizeai/openinference-instrumentation-langchain';
import { OpenAIInstrumentation } from '@arizeai/openinference-instrumentation-openai';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

const OUT = fileURLToPath(new URL('../../lib/interop/fixtures/', import.meta.url));
const KEY = 'sk-fixture-not-a-key';
const SYSTEM = 'You answer weather questions with the get_weather tool.';
const QUESTION = 'What is the weather in Paris and in Oslo?';
const LOOKING = 'Let me check both cities.';
const CITIES = ['Paris', 'Oslo'];
const WEATHER = { Paris: { temperature_c: 18, conditions: 'sunny' }, Oslo: { temperature_c: 9, conditions: 'rain' } };
const ANSWER = 'Paris is 18 °C and sunny; Oslo is 9 °C with rain.';
const TOOL = {
  name: 'get_weather',
  description: 'The current weather in a city.',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string', description: 'The city name' } },
    required: ['city'],
    additionalProperties: false,
  },
};
const runTool = (args) => JSON.stringify({ city: args.city, ...WEATHER[args.city] });
const callId = (index) => `call_weather_${index + 1}`;

// The fake provider: non-streaming replies in each API's shape; tool calls first, the answer once results came back.
function reply(path, body) {
  const usage = { prompt_tokens: 52, completion_tokens: 31, total_tokens: 83 };
  if (path.endsWith('/chat/completions')) {
    const answered = body.messages.some((message) => message.role === 'tool');
    return {
      id: 'chatcmpl-fixture',
      object: 'chat.completion',
      created: 1764000000,
      model: body.model,
      choices: [
        {
          index: 0,
          finish_reason: answered ? 'stop' : 'tool_calls',
          logprobs: null,
          message: answered
            ? { role: 'assistant', content: ANSWER, refusal: null }
            : {
                role: 'assistant',
                content: LOOKING,
                refusal: null,
                tool_calls: CITIES.map((city, index) => ({
                  id: callId(index),
                  type: 'function',
                  function: { name: TOOL.name, arguments: JSON.stringify({ city }) },
                })),
              },
        },
      ],
      usage,
    };
  }
  if (path.endsWith('/responses')) {
    const answered = body.input.some((item) => item.type === 'function_call_output');
    const message = (text) => ({
      type: 'message',
      id: `msg_${answered ? 2 : 1}`,
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text, annotations: [] }],
    });
    return {
      id: `resp_fixture_${answered ? 2 : 1}`,
      object: 'response',
      created_at: 1764000000,
      status: 'completed',
      model: body.model,
      output: answered
        ? [message(ANSWER)]
        : [
            message(LOOKING),
            ...CITIES.map((city, index) => ({
              type: 'function_call',
              id: `fc_${index + 1}`,
              status: 'completed',
              call_id: callId(index),
              name: TOOL.name,
              arguments: JSON.stringify({ city }),
            })),
          ],
      parallel_tool_calls: true,
      tool_choice: 'auto',
      tools: body.tools ?? [],
      usage: {
        input_tokens: 52,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 31,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 83,
      },
    };
  }
  if (path.endsWith('/messages')) {
    const answered = body.messages.some(
      (message) => Array.isArray(message.content) && message.content.some((block) => block.type === 'tool_result'),
    );
    return {
      id: `msg_fixture_${answered ? 2 : 1}`,
      type: 'message',
      role: 'assistant',
      model: body.model,
      stop_reason: answered ? 'end_turn' : 'tool_use',
      stop_sequence: null,
      content: answered
        ? [{ type: 'text', text: ANSWER }]
        : [
            { type: 'text', text: LOOKING },
            ...CITIES.map((city, index) => ({ type: 'tool_use', id: callId(index), name: TOOL.name, input: { city } })),
          ],
      usage: { input_tokens: 52, output_tokens: 31 },
    };
  }
  return undefined;
}

function startFake() {
  const server = createServer(async (request, response) => {
    const parts = [];
    for await (const part of request) parts.push(part);
    const body = JSON.parse(Buffer.concat(parts).toString('utf8') || '{}');
    const answer = reply(request.url ?? '', body);
    if (!answer) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The conversation through the official OpenAI SDK's Chat Completions. */
async function openaiChat(baseURL) {
  const client = new OpenAI({ apiKey: KEY, baseURL });
  const tools = [{ type: 'function', function: TOOL }];
  const messages = [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: QUESTION },
  ];
  const first = await client.chat.completions.create({ model: 'gpt-4o-mini', messages, tools });
  const asked = first.choices[0].message;
  messages.push(asked);
  for (const call of asked.tool_calls)
    messages.push({ role: 'tool', tool_call_id: call.id, content: runTool(JSON.parse(call.function.arguments)) });
  await client.chat.completions.create({ model: 'gpt-4o-mini', messages, tools });
}

/** The conversation through the official OpenAI SDK's Responses. */
async function openaiResponses(baseURL) {
  const client = new OpenAI({ apiKey: KEY, baseURL });
  const tools = [{ type: 'function', ...TOOL, strict: true }];
  const input = [{ role: 'user', content: QUESTION }];
  const first = await client.responses.create({ model: 'gpt-4.1-mini', instructions: SYSTEM, input, tools });
  input.push(...first.output);
  for (const item of first.output.filter((each) => each.type === 'function_call'))
    input.push({ type: 'function_call_output', call_id: item.call_id, output: runTool(JSON.parse(item.arguments)) });
  await client.responses.create({ model: 'gpt-4.1-mini', instructions: SYSTEM, input, tools });
}

/** The conversation through the official Anthropic SDK. */
async function anthropicMessages(baseURL) {
  const client = new Anthropic({ apiKey: KEY, baseURL });
  const tools = [{ name: TOOL.name, description: TOOL.description, input_schema: TOOL.parameters }];
  const messages = [{ role: 'user', content: QUESTION }];
  const request = { model: 'claude-sonnet-4-6', max_tokens: 1024, system: SYSTEM, tools };
  const first = await client.messages.create({ ...request, messages });
  messages.push({ role: 'assistant', content: first.content });
  messages.push({
    role: 'user',
    content: first.content
      .filter((block) => block.type === 'tool_use')
      .map((block) => ({ type: 'tool_result', tool_use_id: block.id, content: runTool(block.input) })),
  });
  await client.messages.create({ ...request, messages });
}

/** The conversation through LangChain.js (ChatOpenAI with the tool bound). */
async function langchain(baseURL) {
  const model = new ChatOpenAI({ model: 'gpt-4o-mini', apiKey: KEY, configuration: { baseURL } }).bindTools([
    { type: 'function', function: TOOL },
  ]);
  const messages = [new SystemMessage(SYSTEM), new HumanMessage(QUESTION)];
  const first = await model.invoke(messages);
  messages.push(new AIMessage(first));
  for (const call of first.tool_calls)
    messages.push(new ToolMessage({ tool_call_id: call.id, content: runTool(call.args) }));
  await model.invoke(messages);
}

// Each producer is traced in a process of its own, with only its own instrumentation: LangChain's
// trace is what LangChain writes, not the OpenAI instrumentation's spans of the client it wraps.
const PRODUCERS = {
  'otlp-openai-chat.json': { run: openaiChat, base: '/v1', instrument: 'openai' },
  'otlp-openai-responses.json': { run: openaiResponses, base: '/v1', instrument: 'openai' },
  'otlp-anthropic.json': { run: anthropicMessages, base: '', instrument: 'anthropic' },
  'otlp-langchain.json': { run: langchain, base: '/v1', instrument: 'langchain' },
};

const only = process.argv[2];
if (!only) {
  for (const file of Object.keys(PRODUCERS)) {
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), file], { stdio: 'inherit' });
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
  process.exit(0);
}

const producer = PRODUCERS[only];
const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register();
if (producer.instrument === 'openai')
  new OpenAIInstrumentation({ tracerProvider: provider }).manuallyInstrument(OpenAI);
if (producer.instrument === 'anthropic')
  new AnthropicInstrumentation({ tracerProvider: provider }).manuallyInstrument(Anthropic);
if (producer.instrument === 'langchain')
  new LangChainInstrumentation({ tracerProvider: provider }).manuallyInstrument(CallbackManagerModule);

const fake = await startFake();
const origin = `http://127.0.0.1:${fake.address().port}`;
try {
  await producer.run(origin + producer.base);
  await provider.forceFlush();
  const spans = exporter.getFinishedSpans();
  const otlp = JSON.parse(new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans)));
  const text = JSON.stringify(otlp, null, 2);
  if (text.includes(KEY)) throw new Error(`${only}: the key is in the trace`);
  writeFileSync(OUT + only, `${text.replaceAll(origin, 'http://127.0.0.1:8080')}\n`);
  console.log(`${only}: ${spans.length} spans (${spans.map((span) => span.name).join(', ')})`);
} finally {
  fake.close();
  await provider.shutdown();
}
