import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText } from 'ai';
import { test } from 'vitest';
import { chatRequestSchema } from '@/lib/agent/chat-route';
import { INPUT_LIMITS } from '@/lib/limits/input-limits';
import { handleChatRequest } from '@/lib/server/handle-chat-request';
import { prepareChatTurn } from '@/lib/server/prepare-chat-turn';
import { readJsonBody } from '@/lib/server/read-json-body';
import { startFakeProvider } from '../testing/fake-provider/start-fake-provider';
import { withProductionServer } from './browser-bench';

/** Milliseconds to the first body chunk and to the end of the body, and how many chunks came. */
async function timeStream(request: () => Promise<Response>) {
  const start = performance.now();
  const response = await request();
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  const reader = response.body!.getReader();
  let firstMs = -1;
  let chunks = 0;
  for (;;) {
    const { done } = await reader.read();
    if (firstMs < 0) firstMs = performance.now() - start;
    if (done) break;
    chunks++;
  }
  return { firstMs, lastMs: performance.now() - start, chunks };
}

/**
 * The playground's own share of a 30-chunk stream through the route, in this process: what the
 * handler adds on top of the AI SDK alone. The AI SDK's pipeline is kept; ours is held
 * under these, and the bench fails above them.
 */
const OURS_LIMIT_MS = { firstMs: 1, lastMs: 2 };

/** Median milliseconds of `work` over `runs` runs, after a warm-up. */
async function medianMs(work: () => Promise<unknown>, runs = 200): Promise<number> {
  for (let i = 0; i < 30; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return quantile(times, 0.5);
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

test('route overhead: POST /api/chat on the production server vs the same loopback provider called directly', async () => {
  await withProductionServer(3305, 'Route overhead', async (app) => {
    // A zero-latency OpenAI-compatible server: every frame written as soon as the last one is.
    const fake = await startFakeProvider({ chunkDelayMs: 0 });
    const prompt = 'Say hello.';
    const direct = () =>
      fetch(`${fake.url}/openai/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
        body: JSON.stringify({ model: 'fake-text-30', stream: true, messages: [{ role: 'user', content: prompt }] }),
      });
    const viaRoute = () =>
      fetch(`${app}/api/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-provider-key': 'sk-bench' },
        body: JSON.stringify({
          messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: prompt }] }],
          tools: [],
          settings: {
            provider: 'openai-compatible',
            model: 'fake-text-30',
            baseURL: `${fake.url}/openai/v1`,
          },
        }),
      });

    // Where the time goes, in this process (no Next, no second HTTP hop): the AI SDK alone
    // (streamText answered as a UI message stream), then the playground's handler.
    const provider = createOpenAICompatible({ name: 'bench', baseURL: `${fake.url}/openai/v1`, apiKey: 'sk-bench' });
    const sdkAlone = async () =>
      streamText({
        model: provider('fake-text-30'),
        messages: [{ role: 'user', content: prompt }],
      }).toUIMessageStreamResponse();
    const handlerInProcess = () =>
      handleChatRequest(
        new Request('http://local/api/chat', {
          method: 'POST',
          headers: { 'x-provider-key': 'sk-bench' },
          body: JSON.stringify({
            messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: prompt }] }],
            tools: [],
            settings: { provider: 'openai-compatible', model: 'fake-text-30', baseURL: `${fake.url}/openai/v1` },
          }),
        }),
        { simulatedChunkDelayMs: 0, env: {} },
      );

    const runs = 200;
    type Timing = Awaited<ReturnType<typeof timeStream>>;
    const results = {
      direct: [] as Timing[],
      route: [] as Timing[],
      sdkAlone: [] as Timing[],
      handlerInProcess: [] as Timing[],
    };
    /** Warms up, then runs the cases interleaved, so each sees the same machine. */
    const measureCases = async (cases: Partial<Record<keyof typeof results, () => Promise<Response>>>) => {
      for (let i = 0; i < 30; i++) for (const request of Object.values(cases)) await timeStream(request);
      for (let i = 0; i < runs; i++)
        for (const [name, request] of Object.entries(cases))
          results[name as keyof typeof results].push(await timeStream(request));
    };
    // The budget: the route against the provider, in one run.
    await measureCases({ direct, route: viaRoute });
    // Then where the time goes (a second run: these load this process, which also reads both streams).
    const directOnly = results.direct.splice(0);
    await measureCases({ direct, sdkAlone, handlerInProcess });
    const directInProcess = results.direct.splice(0);
    results.direct.push(...directOnly);
    await fake.close();
    const median = (timings: Timing[], key: 'firstMs' | 'lastMs') =>
      quantile(
        timings.map((r) => r[key]),
        0.5,
      );
    const overDirect = (name: 'sdkAlone' | 'handlerInProcess', key: 'firstMs' | 'lastMs') =>
      median(results[name], key) - median(directInProcess, key);
    const ours = {
      firstMs: median(results.handlerInProcess, 'firstMs') - median(results.sdkAlone, 'firstMs'),
      lastMs: median(results.handlerInProcess, 'lastMs') - median(results.sdkAlone, 'lastMs'),
    };
    // Where ours goes: the steps before the stream starts, each timed alone; the rest is the
    // stream's own wrapping (tool-mode and retry middleware, step and finish parts, the wire capture).
    const body = JSON.stringify({
      messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: prompt }] }],
      tools: [],
      settings: { provider: 'openai-compatible', model: 'fake-text-30', baseURL: 'http://127.0.0.1:9/openai/v1' },
    });
    const readAndCheck = await medianMs(async () => {
      const read = await readJsonBody(
        new Request('http://local/api/chat', { method: 'POST', body }),
        INPUT_LIMITS.maxChatBodyBytes,
      );
      if (read.ok) chatRequestSchema.parse(read.value);
    });
    const request = chatRequestSchema.parse(JSON.parse(body));
    const prepare = await medianMs(() => prepareChatTurn(request, 'openai-compatible'));
    const line = (label: string, key: 'firstMs' | 'lastMs') => {
      const direct = results.direct.map((r) => r[key]);
      const route = results.route.map((r) => r[key]);
      const added = (q: number) => quantile(route, q) - quantile(direct, q);
      return `${label}: direct ${quantile(direct, 0.5).toFixed(2)} ms (p95 ${quantile(direct, 0.95).toFixed(2)}), route ${quantile(route, 0.5).toFixed(2)} ms (p95 ${quantile(route, 0.95).toFixed(2)}) — added ${added(0.5).toFixed(2)} ms median, ${added(0.95).toFixed(2)} ms p95; ratio ${(quantile(route, 0.5) / quantile(direct, 0.5)).toFixed(2)}×`;
    };
    console.log(
      [
        '',
        `Route overhead (issues 16, 27): POST /api/chat on \`next start\` (real @ai-sdk/openai-compatible) vs the zero-latency loopback provider called directly, ${runs} interleaved runs each`,
        `chunks per response: direct ${results.direct[0].chunks} (SSE frames may share a read), route ${results.route[0].chunks}`,
        line('first byte', 'firstMs'),
        line('end of stream', 'lastMs'),
        `in this process, added over direct (median): the AI SDK alone (streamText → UI message stream) ${overDirect('sdkAlone', 'firstMs').toFixed(2)} ms to the first byte, ${overDirect('sdkAlone', 'lastMs').toFixed(2)} ms to the end; the playground's handler ${overDirect('handlerInProcess', 'firstMs').toFixed(2)} ms / ${overDirect('handlerInProcess', 'lastMs').toFixed(2)} ms`,
        `ours on top of the AI SDK alone (median): ${ours.firstMs.toFixed(2)} ms to the first byte (limit ${OURS_LIMIT_MS.firstMs} ms), ${ours.lastMs.toFixed(2)} ms to the end (limit ${OURS_LIMIT_MS.lastMs} ms)`,
        `  where it goes: reading and checking the body (size, depth, zod) ${readAndCheck.toFixed(2)} ms; preparing the turn (UI messages checked and converted, tools, history policy) ${prepare.toFixed(2)} ms; the rest (${Math.max(0, ours.lastMs - readAndCheck - prepare).toFixed(2)} ms) wraps the stream: tool-mode and retry middleware, step and finish parts, the wire capture`,
        '',
      ].join('\n'),
    );
    for (const key of ['firstMs', 'lastMs'] as const)
      if (ours[key] > OURS_LIMIT_MS[key])
        throw new Error(
          `The playground adds ${ours[key].toFixed(2)} ms on top of the AI SDK ${key === 'firstMs' ? 'to the first byte' : 'to the end'}: over the ${OURS_LIMIT_MS[key]} ms limit.`,
        );
  });
}, 300_000);
