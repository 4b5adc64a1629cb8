import { handleWireRequest } from '@/lib/server/handle-wire-request';
import { guarded } from '@/lib/server/route-guard';

export const dynamic = 'force-dynamic';

export const POST = guarded(process.env, (request) => handleWireRequest(request));
