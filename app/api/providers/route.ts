import { providersAnswerSchema } from '@/lib/providers/providers-route';
import { listProviders } from '@/lib/server/list-providers';
import { guarded } from '@/lib/server/route-guard';

export const dynamic = 'force-dynamic';

export const GET = guarded(process.env, () =>
  Response.json(providersAnswerSchema.parse({ providers: listProviders(process.env) })),
);
