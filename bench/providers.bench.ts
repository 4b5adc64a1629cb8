import { test } from 'vitest';
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

    const runs = 200;
    for (let i = 0; i < 30; i++) {
      await timeStream(direct);
      await timeStream(viaRoute);
    }
    type Timing = Awaited<ReturnType<typeof timeStream>>;
    const results = { direct: [] as Timing[], route: [] as Timing[] };
    // Interleaved, so both see the same machine.
    for (let i = 0; i < runs; i++) {
      results.direct.push(await timeStream(direct));
      results.route.push(await timeStream(viaRoute));
    }
    await fake.close();
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
        '',
      ].join('\n'),
    );
  });
}, 300_000);
