import { handleWireRequest } from '@/lib/server/handle-wire-request';

export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  return handleWireRequest(request);
}
