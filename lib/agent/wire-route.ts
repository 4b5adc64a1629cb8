import { z } from 'zod';
import { WIRE_FORMATS } from '../shapes/wire-capture';
import { chatRequestSchema } from './chat-route';

/*
 * `POST /api/wire`, one contract for both sides: a chat request and the provider format it is
 * rendered for; the answer is the request that provider's AI SDK package would send (nothing is
 * sent). The route reads and answers through it; the inspector sends and reads with it.
 */

export const WIRE_ROUTE = '/api/wire';

export const wireRequestSchema = chatRequestSchema.extend({ format: z.enum(WIRE_FORMATS) });
export type WireRequest = z.input<typeof wireRequestSchema>;

export const renderedRequestSchema = z.object({
  request: z.object({
    method: z.string().max(20),
    path: z.string().max(10_000),
    headers: z.record(z.string().max(200), z.string().max(10_000)),
    body: z.unknown(),
  }),
  packageName: z.string().max(200),
});
export type RenderedRequest = z.infer<typeof renderedRequestSchema>;
