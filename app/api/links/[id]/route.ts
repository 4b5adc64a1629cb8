import { handleLinksRequest } from '@/lib/server/links/handle-links-request';
import { linksDepsFor } from '@/lib/server/links/links-deps';
import { guarded } from '@/lib/server/route-guard';

export const dynamic = 'force-dynamic';

const handle = async (request: Request) =>
  handleLinksRequest(
    request,
    decodeURIComponent(new URL(request.url).pathname.split('/').at(-1) ?? ''),
    await linksDepsFor(process.env),
  );

export const GET = guarded(process.env, handle);
export const DELETE = guarded(process.env, handle);
