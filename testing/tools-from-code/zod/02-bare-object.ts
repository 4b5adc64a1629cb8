import { z } from 'zod';

export const createTicket = z
  .object({
    title: z.string().min(3).max(120),
    priority: z.number().int().min(1).max(5).optional(),
    labels: z.array(z.string()).max(10),
  })
  .describe('Open a ticket in the tracker');
