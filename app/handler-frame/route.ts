import { handlerFrameResponse } from '@/lib/server/handler-frame-page';

export const dynamic = 'force-static';

/** The sandboxed page JavaScript handlers run in (see SECURITY.md). */
export function GET(): Response {
  return handlerFrameResponse();
}
