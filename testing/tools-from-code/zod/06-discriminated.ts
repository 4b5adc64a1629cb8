import { tool } from 'ai';
import { z } from 'zod';

export const drawShape = tool({
  description: 'Draw a shape',
  inputSchema: z.object({
    shape: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('circle'), radius: z.number().positive() }),
      z.object({ kind: z.literal('square'), side: z.number().positive() }),
    ]),
    color: z
      .string()
      .regex(/^#[0-9a-f]{6}$/i)
      .default('#000000'),
    tags: z.tuple([z.string(), z.number()]).optional(),
  }),
});
