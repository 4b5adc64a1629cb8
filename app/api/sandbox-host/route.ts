import { checkSandboxHost } from '@/lib/server/check-sandbox-host';
import { guarded } from '@/lib/server/route-guard';
import { sandboxHostAnswerSchema } from '@/lib/sandbox/sandbox-host-route';

export const dynamic = 'force-dynamic';

export const GET = guarded(process.env, async () =>
  Response.json(sandboxHostAnswerSchema.parse(await checkSandboxHost()), { headers: { 'cache-control': 'no-store' } }),
);
