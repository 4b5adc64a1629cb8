import { tool } from 'ai';
import { z } from 'zod';

export const tools = {
  searchDocs: tool({
    description: 'Search the documentation',
    inputSchema: z.object({ query: z.string(), limit: z.number().int().positive().default(10) }),
  }),
  openPage: tool({
    description: 'Open a page by its URL',
    inputSchema: z.object({ url: z.url(), reader: z.boolean().optional() }),
  }),
};
