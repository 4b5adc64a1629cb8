import { createRateLimit, handleLinksRequest } from '@/lib/server/links/handle-links-request';
import { linkStoreFor } from '@/lib/server/links/open-link-store';
import { guarded } from '@/lib/server/route-guard';

export const dynamic = 'force-dynamic';

const rateLimit = createRateLimit();
const handle = async (request: Request) =>
  handleLinksRequest(request, decodeURIComponent(new URL(request.url).pathname.split('/').at(-1) ?? ''), {
    ...(await linkStoreFor(process.env)),
    rateLimit,
  });

export const GET = guarded(process.env, handle);
export const DELETE = guarded(process.env, handle);
