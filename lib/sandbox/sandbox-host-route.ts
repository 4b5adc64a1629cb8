import { z } from 'zod';

/*
 * `GET /api/sandbox-host`, one contract for both sides: whether WebContainer's host resolves from
 * the playground's server (a name lookup; nothing is downloaded). The route answers through it;
 * the page reads the answer with it before it probes the host itself.
 */

export const SANDBOX_HOST_ROUTE = '/api/sandbox-host';

export const sandboxHostAnswerSchema = z.object({ host: z.string().max(253), reachable: z.boolean() });
export type SandboxHostAnswer = z.infer<typeof sandboxHostAnswerSchema>;

/** The page's question: the server's answer, or undefined when it could not say (then the page probes anyway). */
export async function askSandboxHost(fetch: typeof globalThis.fetch): Promise<SandboxHostAnswer | undefined> {
  const response = await fetch(SANDBOX_HOST_ROUTE, { cache: 'no-store' }).catch(() => undefined);
  if (!response?.ok) return undefined;
  const answer = sandboxHostAnswerSchema.safeParse(await response.json().catch(() => undefined));
  return answer.success ? answer.data : undefined;
}
