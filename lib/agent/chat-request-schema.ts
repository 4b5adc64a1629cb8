import { z } from 'zod';
import { sendableSettingsSchema } from '../session/run-settings';
import { uiMessageShapeSchema } from '../session/session-schema';
import { toolSpecSchema } from '../tools/tool-spec';

/**
 * The body of `POST /api/chat` (shared/UI-CONTRACT.md). Messages are checked for shape here
 * and in depth by the AI SDK's own UI-message validation on the server.
 */
export const chatRequestSchema = z.object({
  messages: z.array(uiMessageShapeSchema).min(1),
  tools: z.array(toolSpecSchema).max(256),
  settings: sendableSettingsSchema,
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;
