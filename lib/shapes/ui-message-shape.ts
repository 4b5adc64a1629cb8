import type { UIMessage } from 'ai';
import { z } from 'zod';

/** The shape zod checks: an id, a role, parts with a type. */
const messageShape = z.looseObject({
  id: z.string().min(1),
  role: z.enum(['system', 'user', 'assistant']),
  parts: z.array(z.looseObject({ type: z.string() })),
});

/**
 * A UI message as the session keeps it: zod checks its shape (each issue kept at its path), and the
 * AI SDK validates the parts in depth (`validateUIMessages`) before any reaches a model — so the
 * schema declares the AI SDK's type rather than a second, looser one.
 */
export const uiMessageShapeSchema = z.custom<UIMessage>().superRefine((value, context) => {
  const checked = messageShape.safeParse(value);
  if (checked.success) return;
  for (const issue of checked.error.issues) context.addIssue({ ...issue, message: issue.message });
});
