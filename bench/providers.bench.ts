import { test } from 'vitest';
import { startFakeProvider } from '../testing/fake-provider/start-fake-provider';
import { handleChatRequest } from '@/lib/server/handle-chat-request';

/** Milliseconds to the first body chunk and to the end of the body. */
async function timeStream(request: () => Promise<Response>): Promise<{ firstMs: number; lastMs: number }> {
  const start = performance.now();
  const response = await request();
  const reader = response.body!.getReader();
  let firstMs = -1;
  for (;;) {
    const { done } = await reader.read();
    if (firstMs < 0) firstMs = performance.now() - start;
    if (done) break;
  }
  return { firstMs, lastMs: performance.now() - start };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

test('route overhead against the same loopback provider', async () => {
  // 3 ms between SSE frames: a model that streams ~30 frames in ~100 ms.
  const fake = await startFakeProvider({ chunkDelayMs: 3 });
  const prompt = 'Say hello.';
  const direct = () =>
    fetch(`${fake.url}/openai/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
      body: JSON.stringify({ model: 'fake-text', stream: true, messages: [{ role: 'user', content: prompt }] }),
    });
  const viaRoute = () =>
    handleChatRequest(
      new Request('http://local/api/chat', {
        method: 'POST',
        headers: { 'x-provider-key': 'sk-bench' },
        body: JSON.stringify({
          messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: prompt }] }],
          tools: [],
          settings: { provider: 'openai', openaiApi: 'chat', model: 'fake-text', baseURL: `${fake.url}/openai/v1` },
        }),
      }),
      { simulatedChunkDelayMs: 0, env: {} },
    );

  const runs = 30;
  const results = {
    direct: [] as { firstMs: number; lastMs: number }[],
    route: [] as { firstMs: number; lastMs: number }[],
  };
  for (let i = 0; i < 3; i++) {
    await timeStream(direct);
    await timeStream(viaRoute);
  }
  for (let i = 0; i < runs; i++) {
    results.direct.push(await timeStream(direct));
    results.route.push(await timeStream(viaRoute));
  }
  await fake.close();
  const figure = (key: 'firstMs' | 'lastMs') => ({
    direct: median(results.direct.map((r) => r[key])),
    route: median(results.route.map((r) => r[key])),
  });
  const first = figure('firstMs');
  const last = figure('lastMs');
  console.log(
    `\nProviders: /api/chat (in-process route, real @ai-sdk/openai) vs the loopback provider called directly, median of ${runs}\n` +
      `time to first chunk  direct ${first.direct.toFixed(2)} ms  route ${first.route.toFixed(2)} ms  ratio ${(first.route / first.direct).toFixed(3)}×\n` +
      `time to last chunk   direct ${last.direct.toFixed(2)} ms  route ${last.route.toFixed(2)} ms  ratio ${(last.route / last.direct).toFixed(3)}×\n`,
  );
}, 120_000);
