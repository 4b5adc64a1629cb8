import { handleCompatRequest } from '@/lib/server/handle-compat-request';
import { guarded } from '@/lib/server/route-guard';

export const dynamic = 'force-dynamic';

export const POST = guarded(process.env, (request) => handleCompatRequest(request, process.env));
