import { z } from 'zod';

/** The shape of a UI message as the session keeps it; the AI SDK validates the parts in depth. */
export const uiMessageShapeSchema = z.looseObject({
  id: z.string().min(1),
  role: z.enum(['system', 'user', 'assistant']),
  parts: z.array(z.looseObject({ type: z.string() })),
});
