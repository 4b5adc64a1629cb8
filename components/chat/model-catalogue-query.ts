import { queryOptions } from '@tanstack/react-query';
import { firstIssue } from '@/lib/limits/first-issue';
import type { ModelCatalogue } from '@/lib/providers/local-model/model-catalogue';

/** The models this playground offers to download, from `GET /api/models`, read with the route's own contract. */
export const modelCatalogueQuery = queryOptions({
  queryKey: ['model-catalogue'],
  queryFn: async ({ signal }): Promise<ModelCatalogue> => {
    const [{ MODELS_ROUTE, modelsAnswerSchema }, response] = await Promise.all([
      import('@/lib/providers/local-model/models-route'),
      fetch('/api/models', { signal }),
    ]);
    if (!response.ok) throw new Error(`GET ${MODELS_ROUTE} answered ${response.status}.`);
    const read = modelsAnswerSchema.safeParse(await response.json());
    if (!read.success) {
      const { where, why } = firstIssue(read.error, 'the answer');
      throw new Error(`GET ${MODELS_ROUTE} answered something else than the model catalogue ("${where}" ${why}).`);
    }
    if ('error' in read.data) throw new Error(read.data.error);
    return read.data.catalogue;
  },
  staleTime: Number.POSITIVE_INFINITY,
});
