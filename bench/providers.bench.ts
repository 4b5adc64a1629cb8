import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText } from 'ai';
import { test } from 'vitest';
import { handleChatRequest } from '@/lib/server/handle-chat-request';
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
    const floor = (name: 'sdkAlone' | 'handlerInProcess', key: 'firstMs' | 'lastMs') =>
      (
        quantile(
          results[name].map((r) => r[key]),
          0.5,
        ) -
        quantile(
          directInProcess.map((r) => r[key]),
          0.5,
        )
      ).toFixed(2);
    const line = (label: string, key: 'firstMs' | 'lastMs', budgetMs: number) => {
      const direct = results.direct.map((r) => r[key]);
      const route = results.route.map((r) => r[key]);
      const added = (q: number) => quantile(route, q) - quantile(direct, q);
      return `${label}: direct ${quantile(direct, 0.5).toFixed(2)} ms (p95 ${quantile(direct, 0.95).toFixed(2)}), route ${quantile(route, 0.5).toFixed(2)} ms (p95 ${quantile(route, 0.95).toFixed(2)}) — added ${added(0.5).toFixed(2)} ms median, ${added(0.95).toFixed(2)} ms p95 (budget ${budgetMs} ms); ratio ${(quantile(route, 0.5) / quantile(direct, 0.5)).toFixed(2)}×`;
    };
    console.log(
      [
        '',
        `Route overhead (issue 16): POST /api/chat on \`next start\` (real @ai-sdk/openai-compatible) vs the zero-latency loopback provider called directly, ${runs} interleaved runs each`,
        `chunks per response: direct ${results.direct[0].chunks} (SSE frames may share a read), route ${results.route[0].chunks}`,
        line('first byte', 'firstMs', 2),
        line('end of stream', 'lastMs', 3),
        `in this process, added over direct (median): the AI SDK alone (streamText → UI message stream) ${floor('sdkAlone', 'firstMs')} ms to the first byte, ${floor('sdkAlone', 'lastMs')} ms to the end; the playground's handler ${floor('handlerInProcess', 'firstMs')} ms / ${floor('handlerInProcess', 'lastMs')} ms`,
        '',
      ].join('\n'),
    );
  });
}, 300_000);
