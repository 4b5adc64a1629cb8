import { handleLinksRequest } from '@/lib/server/links/handle-links-request';
import { linkLimitsFor } from '@/lib/server/links/link-limits';
import { linkStoreFor } from '@/lib/server/links/open-link-store';
import { guarded } from '@/lib/server/route-guard';

export const dynamic = 'force-dynamic';

const handle = async (request: Request) =>
  handleLinksRequest(request, decodeURIComponent(new URL(request.url).pathname.split('/').at(-1) ?? ''), {
    ...(await linkStoreFor(process.env)),
    ...linkLimitsFor(process.env),
    env: process.env,
  });

export const GET = guarded(process.env, handle);
export const DELETE = guarded(process.env, handle);
