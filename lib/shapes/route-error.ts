import { z } from 'zod';

/** What every refusal of the playground's routes answers: a code, and a sentence for the person. */
export const routeErrorSchema = z.object({
  error: z.object({ code: z.string().max(100), message: z.string().max(2_000) }),
});
