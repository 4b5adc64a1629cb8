import { test } from 'vitest';
import type { ChatRequest } from '@/lib/agent/chat-route';
import { sampleStep } from '@/lib/evals/sampling/sample-step';
import { CORE_TOOL_DEFINITIONS } from '@/lib/shapes/core-tool-definitions';
import { createSchemaChecker } from '@/lib/tools/create-schema-checker';
import { startFakeProvider } from '@/testing/fake-provider/start-fake-provider';
import { createRouteFetch } from '@/testing/run-conversation';
import { type Figure, measure, printFigures } from './measure';

/**
 * `Sample this step` against a loopback OpenAI-compatible provider that answers at once: 50
 * samples through the real route (in-process), the provider package and the sampler's reading
 * of each answer, at the evals' default concurrency (2) — against the same 50 request bodies
 * sent straight to the provider (its own time). The difference is the playground's overhead
 * (its budget: at most 1 s for N = 50).
 */
test('Sample this step: 50 samples, the playground against the provider alone', async () => {
  const fake = await startFakeProvider();
  try {
    const baseURL = `${fake.url}/compat/v1`;
    const request: ChatRequest = {
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'list the files' }] }],
      tools: CORE_TOOL_DEFINITIONS.map((definition) => ({
        name: definition.name,
        description: definition.description,
        inputSchema: definition.parameters as ChatRequest['tools'][number]['inputSchema'],
      })),
      settings: { provider: 'openai-compatible', model: 'fake-tools', baseURL, mode: 'native' },
    };
    const deps = { fetch: createRouteFetch(), headers: {}, checker: createSchemaChecker() };
    const concurrency = 2;
    await sampleStep({ request, count: 2, concurrency, deps });
    const body = fake.requests.at(-1)?.raw ?? '';
    const sampled = await measure(
      'Sample this step: 50 samples through the route',
      () => sampleStep({ request, count: 50, concurrency, deps }),
      5,
    );
    // The provider alone: the same bodies, two at a time, each answer read to its end.
    const direct = await measure(
      'provider alone: 50 requests of the same body',
      async () => {
        let next = 0;
        const one = async () => {
          while (next++ < 50) {
            const response = await fetch(`${baseURL}/chat/completions`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body,
            });
            await response.text();
          }
        };
        await Promise.all(Array.from({ length: concurrency }, one));
      },
      5,
    );
    const overhead: Figure = {
      name: 'Sample this step: playground overhead for 50 samples',
      iterations: 5,
      medianMs: sampled.medianMs - direct.medianMs,
      p95Ms: sampled.p95Ms - direct.medianMs,
    };
    printFigures('Sample this step (loopback provider, answering at once)', [sampled, direct, overhead]);
  } finally {
    await fake.close();
  }
});
