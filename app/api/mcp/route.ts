import { handleMcpRequest } from '@/lib/server/mcp/handle-mcp-request';

export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  return handleMcpRequest(request, process.env);
}
