import { tool } from 'ai';
import { z } from 'zod';

const inputSchema = z.object({
  a: z.number().describe('First number'),
  b: z.number().describe('Second number'),
  op: z.enum(['add', 'sub', 'mul', 'div']),
});

export const calculate = tool({
  description: 'Do arithmetic on two numbers',
  inputSchema,
  execute: async ({ a, b, op }: z.infer<typeof inputSchema>): Promise<number> => {
    if (op === 'add') return a + b;
    if (op === 'sub') return a - b;
    if (op === 'mul') return a * b;
    return a / b;
  },
});
