import { createRateLimit, handleLinksRequest } from '@/lib/server/links/handle-links-request';
import { linkStoreFor } from '@/lib/server/links/open-link-store';
import { guarded } from '@/lib/server/route-guard';

export const dynamic = 'force-dynamic';

const rateLimit = createRateLimit();
const handle = async (request: Request) =>
  handleLinksRequest(request, undefined, { ...(await linkStoreFor(process.env)), rateLimit });

export const GET = guarded(process.env, handle);
export const POST = guarded(process.env, handle);
