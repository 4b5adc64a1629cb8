import { listProviders } from '@/lib/server/list-providers';

export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json({ providers: listProviders(process.env) });
}
