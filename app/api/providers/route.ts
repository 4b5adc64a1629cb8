import { listProviders } from '@/lib/server/list-providers';
import { guarded } from '@/lib/server/route-guard';

export const dynamic = 'force-dynamic';

export const GET = guarded(process.env, () => Response.json({ providers: listProviders(process.env) }));
