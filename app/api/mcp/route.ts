import { handleMcpRequest } from '@/lib/server/mcp/handle-mcp-request';
import { guarded } from '@/lib/server/route-guard';

export const dynamic = 'force-dynamic';

export const POST = guarded(process.env, (request) => handleMcpRequest(request, process.env));
