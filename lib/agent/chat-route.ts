import { z } from 'zod';
import { sendableSettingsSchema } from '../shapes/run-settings';
import { uiMessageShapeSchema } from '../shapes/ui-message-shape';
import { toolSpecSchema } from '../shapes/tool-spec';
import { firstIssue } from '../limits/first-issue';
import { readRouteRefusal } from '../shapes/route-error';

/*
 * `POST /api/chat`, one contract for both sides (docs/ui-contract.md): the body the page sends
 * and the route reads; a refusal is the route error every route answers (`routeErrorSchema`), and
 * an accepted request answers one model step as the AI SDK's UI message stream, which the SDK's
 * own chunk schema reads on the page.
 */

export const CHAT_ROUTE = '/api/chat';

/**
 * One message of the body: its shape here, in depth by the AI SDK's own UI-message validation on
 * the server. The server never downloads what a message names: a file travels as its data.
 */
export const chatMessageSchema = uiMessageShapeSchema.superRefine((message, context) => {
  for (const [at, part] of message.parts.entries()) {
    const url = (part as { url?: unknown }).url;
    if (part.type === 'file' && !(typeof url === 'string' && url.startsWith('data:')))
      context.addIssue({
        code: 'custom',
        path: ['parts', at, 'url'],
        message:
          'must be a data: URL — the playground server never downloads a file a message names; attach the file itself',
      });
  }
});

/** The body: the active messages, the runnable tools and the run settings. */
export const chatRequestSchema = z.object({
  messages: z.array(chatMessageSchema).min(1),
  tools: z.array(toolSpecSchema).max(256),
  settings: sendableSettingsSchema,
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** Why a body is not a chat request, in the words both sides use: the field, and what is wrong with it. */
export function chatRequestProblem(error: z.ZodError, within: readonly PropertyKey[] = []): string {
  const { where, why } = firstIssue(
    { issues: error.issues.map((issue) => ({ ...issue, path: [...within, ...issue.path] })) },
    '(body)',
  );
  return `Invalid field "${where}": ${why}.`;
}

/**
 * The page's side of the body: checked with the contract before it leaves, so a request the route
 * would refuse is refused here in the route's words (and nothing is sent). Each message, tool and
 * the settings are checked once — they are immutable, a changed one is a new object — so a long
 * run's every step does not check its whole history again.
 */
export function createChatRequestCheck() {
  const checked = new WeakSet<object>();
  const once = (value: object, schema: z.ZodType, within: readonly PropertyKey[]) => {
    if (checked.has(value)) return;
    const read = schema.safeParse(value);
    if (!read.success) throw new Error(chatRequestProblem(read.error, within));
    checked.add(value);
  };
  return <Request extends Omit<ChatRequest, 'messages'> & { messages: readonly object[] }>(
    request: Request,
  ): Request => {
    // The lists' own bounds (at least one message, at most 256 tools), said as the route says them…
    if (request.messages.length === 0 || request.tools.length > 256) {
      const read = chatRequestSchema.safeParse(request);
      if (read.error) throw new Error(chatRequestProblem(read.error));
    }
    // …then each item once.
    for (const [index, message] of request.messages.entries()) once(message, chatMessageSchema, ['messages', index]);
    for (const [index, tool] of request.tools.entries()) once(tool, toolSpecSchema, ['tools', index]);
    once(request.settings, sendableSettingsSchema, ['settings']);
    return request;
  };
}

/**
 * The page's fetch for the route: a refusal becomes an error carrying the route's own sentence
 * (the AI SDK would otherwise show the raw JSON body); a stream is left to the AI SDK to read.
 */
export function chatRouteFetch(fetch: typeof globalThis.fetch = globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.ok) return response;
    throw new Error(await readRouteRefusal(response, `${CHAT_ROUTE} answered ${response.status}.`));
  };
}
