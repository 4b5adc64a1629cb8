import { tool } from 'ai';
import { z } from 'zod';

export const weather = tool({
  description: 'Get the weather in a location',
  inputSchema: z.object({
    location: z.string().describe('The location to get the weather for'),
    unit: z.enum(['celsius', 'fahrenheit']).default('celsius'),
  }),
  execute: async ({ location }) => ({ location, temperature: 72 }),
});
