import { z } from 'zod';
import { sendableSettingsSchema } from '../shapes/run-settings';
import { uiMessageShapeSchema } from '../session/session-schema';
import { toolSpecSchema } from '../shapes/tool-spec';

/**
 * The body of `POST /api/chat` (shared/UI-CONTRACT.md). Messages are checked for shape here
 * and in depth by the AI SDK's own UI-message validation on the server.
 */
export const chatRequestSchema = z
  .object({
    messages: z.array(uiMessageShapeSchema).min(1),
    tools: z.array(toolSpecSchema).max(256),
    settings: sendableSettingsSchema,
  })
  .superRefine(({ messages }, context) => {
    // The server never downloads what a message names: a file travels as its data.
    for (const [index, message] of messages.entries())
      for (const [at, part] of message.parts.entries()) {
        const url = (part as { url?: unknown }).url;
        if (part.type === 'file' && !(typeof url === 'string' && url.startsWith('data:')))
          context.addIssue({
            code: 'custom',
            path: ['messages', index, 'parts', at, 'url'],
            message:
              'must be a data: URL — the playground server never downloads a file a message names; attach the file itself',
          });
      }
  });
export type ChatRequest = z.infer<typeof chatRequestSchema>;
