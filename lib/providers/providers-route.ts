import { z } from 'zod';
import { PROVIDER_IDS } from '../shapes/run-settings-defaults';
import type { ProviderInfo } from './provider-info';

/*
 * `GET /api/providers`, one contract for both sides: the route answers through this schema and the
 * page reads the answer with it (a server that answers otherwise is said, not trusted).
 */

export const PROVIDERS_ROUTE = '/api/providers';

const presetSchema = z.object({
  id: z.string().max(100),
  label: z.string().max(200),
  baseURL: z.string().max(2_000),
  models: z.array(z.string().max(200)).max(200),
});

export const providersAnswerSchema = z.object({
  providers: z
    .array(
      z.object({
        id: z.enum(PROVIDER_IDS),
        label: z.string().max(200),
        status: z.enum(['ready', 'needs-key']),
        models: z.array(z.string().max(200)).max(500),
        presets: z.array(presetSchema).max(50),
        note: z.string().max(2_000),
        serverKeyHome: z.string().max(2_000).optional(),
      }),
    )
    .max(50),
}) satisfies z.ZodType<{ providers: ProviderInfo[] }>;
