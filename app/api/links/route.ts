import { handleLinksRequest } from '@/lib/server/links/handle-links-request';
import { linksDepsFor } from '@/lib/server/links/links-deps';
import { guarded } from '@/lib/server/route-guard';

export const dynamic = 'force-dynamic';

const handle = async (request: Request) => handleLinksRequest(request, undefined, await linksDepsFor(process.env));

export const GET = guarded(process.env, handle);
export const POST = guarded(process.env, handle);
