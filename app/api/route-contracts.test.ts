import { afterEach, describe, expect, it, vi } from 'vitest';
import { providersQueryOptions } from '@/components/chat/providers-query';
import { PROVIDERS_ROUTE, providersAnswerSchema } from '@/lib/providers/providers-route';

/**
 * One contract per route, used on both sides: the route answers through it, and the page's
 * client reads the answer with it — so an answer the contract refuses is refused by the page,
 * said in a sentence, whatever the server sent.
 */
afterEach(() => vi.unstubAllGlobals());

const queryProviders = () =>
  providersQueryOptions.queryFn!({ signal: new AbortController().signal } as never) as Promise<unknown>;

describe(`${PROVIDERS_ROUTE}`, () => {
  it('the route answers what its contract says, and the page reads that answer', async () => {
    const route = await import('@/app/api/providers/route');
    const answer = await (
      await route.GET(new Request(`http://localhost${PROVIDERS_ROUTE}`, { headers: { host: 'localhost' } }))
    ).json();
    expect(providersAnswerSchema.safeParse(answer).success).toBe(true);
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return Response.json(answer);
    });
    expect(await queryProviders()).toEqual(answer.providers);
    expect(asked).toEqual([PROVIDERS_ROUTE]);
  });

  it('the page refuses an answer the contract refuses, saying where', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ providers: [{ id: 'skynet', label: 'Skynet' }] }));
    await expect(queryProviders()).rejects.toThrow(
      /^GET \/api\/providers answered something else than the provider list \("providers\.0\.id" /,
    );
  });
});
