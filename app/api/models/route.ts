import { modelsAnswerSchema } from '@/lib/providers/local-model/models-route';
import { modelCatalogue } from '@/lib/server/model-catalogue';
import { guarded } from '@/lib/server/route-guard';

export const dynamic = 'force-dynamic';

export const GET = guarded(process.env, () => {
  const read = modelCatalogue(process.env);
  return Response.json(modelsAnswerSchema.parse(read.ok ? { catalogue: read.catalogue } : { error: read.error }));
});
