import { checkSandboxHost } from '@/lib/server/check-sandbox-host';
import { guarded } from '@/lib/server/route-guard';

export const dynamic = 'force-dynamic';

export const GET = guarded(process.env, async () =>
  Response.json(await checkSandboxHost(), { headers: { 'cache-control': 'no-store' } }),
);
