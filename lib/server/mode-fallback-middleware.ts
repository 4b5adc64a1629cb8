import 'server-only';
import { APICallError, type LanguageModelMiddleware } from 'ai';
import { clip } from '../limits/clip';

/*
 * Auto mode on an OpenAI-compatible server: the request goes out with native tools first; a
 * server that refuses them (Ollama's "does not support tools", vLLM's "tool choice requires
 * --enable-auto-tool-choice", a 400/422/501 that names tools) gets the same step again in
 * validated JSON mode, and the person is told why in one sentence.
 */

/** Whether a provider's refusal is about tools themselves (not a bad key, a rate limit, a server fault). */
export function isToolsRefusal(error: unknown): boolean {
  if (!APICallError.isInstance(error)) return false;
  const status = error.statusCode ?? 0;
  if (status !== 400 && status !== 404 && status !== 422 && status !== 501) return false;
  return /\btool/i.test(`${error.message} ${error.responseBody ?? ''}`.slice(0, 4_000));
}

/** Retries a step whose native request the server refused for its tools with `fallback`'s request. */
export function createModeFallbackMiddleware({
  fallback,
  onFallback,
}: {
  /** The same model in validated JSON mode. */
  fallback: { doStream: (options: never) => PromiseLike<unknown> };
  onFallback: (sentence: string) => void;
}): LanguageModelMiddleware {
  return {
    specificationVersion: 'v4',
    wrapStream: async ({ doStream, params }) => {
      try {
        return await doStream();
      } catch (error) {
        if (!isToolsRefusal(error)) throw error;
        const said = error instanceof Error ? clip(error.message, 200) : '';
        onFallback(
          `The server refused native tool calling (${said}): this step uses validated JSON instead (the tools described in the prompt, the reply checked against their schemas). Choose a tool-calling mode in Settings to skip the first try.`,
        );
        return (await fallback.doStream(params as never)) as Awaited<ReturnType<typeof doStream>>;
      }
    },
  };
}
