import { z } from 'zod';
import { catalogueSchema } from './model-catalogue';

/*
 * `GET /api/models`, one contract for both sides: the models this deployment offers to download
 * into the browser, or the sentence saying why it offers none (a catalogue file it cannot use).
 */

export const MODELS_ROUTE = '/api/models';

export const modelsAnswerSchema = z.union([
  z.object({ catalogue: catalogueSchema }),
  z.object({ error: z.string().max(2_000) }),
]);

export type ModelsAnswer = z.infer<typeof modelsAnswerSchema>;
