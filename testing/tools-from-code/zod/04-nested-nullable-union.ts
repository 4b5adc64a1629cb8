import { tool } from 'ai';
import { z } from 'zod';

const lineItem = z.object({ sku: z.string(), quantity: z.number().int().min(1) });

export const placeOrder = tool({
  description: 'Place an order',
  inputSchema: z.object({
    customer: z.object({ email: z.email(), name: z.string().nullable() }),
    items: z.array(lineItem).min(1),
    delivery: z.union([z.literal('standard'), z.literal('express')]),
    note: z.string().optional(),
    when: z.iso.datetime().optional(),
    meta: z.record(z.string(), z.string()).optional(),
  }),
});
