import { z } from 'zod';

/** What every refusal of the playground's routes answers: a code, and a sentence for the person. */
export const routeErrorSchema = z.object({
  error: z.object({ code: z.string().max(100), message: z.string().max(2_000) }),
});

/** The route's own sentence for a refusal, or `fallback` when it answered something else. */
export async function readRouteRefusal(response: Response, fallback: string): Promise<string> {
  const refused = routeErrorSchema.safeParse(await response.json().catch(() => undefined));
  return refused.success ? refused.data.error.message : fallback;
}
