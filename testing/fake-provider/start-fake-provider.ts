import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { planFakeReply } from './fake-reply.ts';
import { anthropicMessages, geminiStream, openaiChat, openaiResponses, type WireFormat } from './wire-formats.ts';

/** A request as the fake provider received it. */
export type RecordedRequest = {
  path: string;
  headers: Record<string, string | undefined>;
  body: Record<string, unknown>;
  /** The body's bytes as text, exactly as they arrived. */
  raw: string;
};

export type FakeProvider = {
  /** e.g. http://127.0.0.1:43210 — append /openai/v1, /anthropic/v1, /google/v1beta. */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
};

function route(path: string): WireFormat | undefined {
  if (path.endsWith('/chat/completions')) return openaiChat;
  if (path.endsWith('/responses')) return openaiResponses;
  if (path.endsWith('/messages')) return anthropicMessages;
  if (path.includes(':streamGenerateContent')) return geminiStream;
  return undefined;
}

async function readBody(request: IncomingMessage): Promise<{ body: Record<string, unknown>; raw: string }> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  const raw = Buffer.concat(parts).toString('utf8');
  return { body: JSON.parse(raw || '{}'), raw };
}

/**
 * Starts a loopback server that speaks the providers' real streaming wire formats (OpenAI
 * Chat Completions and Responses, Anthropic Messages, Gemini streamGenerateContent), for
 * tests and benchmarks of the real route and the real AI SDK provider packages.
 */
export async function startFakeProvider({
  chunkDelayMs = 0,
  port = 0,
}: {
  chunkDelayMs?: number;
  port?: number;
} = {}): Promise<FakeProvider> {
  const requests: RecordedRequest[] = [];
  const attempts = new Map<string, number>();
  const server = createServer(async (request, response) => {
    const path = request.url ?? '/';
    const format = route(path.split('?')[0]);
    // What it was asked so far (path and body as sent), for a test that counts and reads a run's requests.
    if (request.method === 'GET' && path === '/_requests') {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(requests.map(({ path, raw }) => ({ path, raw }))));
      return;
    }
    if (request.method !== 'POST' || !format) {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: `No fake route for ${path}` } }));
      return;
    }
    const { body, raw } = await readBody(request);
    const headers = {
      authorization: request.headers.authorization,
      'x-api-key': request.headers['x-api-key'] as string | undefined,
      'x-goog-api-key': request.headers['x-goog-api-key'] as string | undefined,
    };
    requests.push({ path, headers, body, raw });
    const view = format.view(body, path);
    const attemptKey = `${path.split('?')[0]} ${view.model}`;
    const attempt = (attempts.get(attemptKey) ?? 0) + 1;
    attempts.set(attemptKey, attempt);
    const reply = planFakeReply(view, attempt);
    if (reply.kind === 'silent') {
      request.on('close', () => response.destroy());
      return;
    }
    if (reply.kind === 'error') {
      response
        .writeHead(reply.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(format.errorBody(reply.status, reply.message)));
      return;
    }
    if (body.stream !== true && format.json) {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(format.json(reply, view.model)));
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const frames = format.frames(reply, view.model);
    const sent = reply.cut ? frames.slice(0, Math.ceil(frames.length / 2)) : frames;
    for (const frame of sent) {
      response.write(frame);
      await new Promise((resolve) => (chunkDelayMs > 0 ? setTimeout(resolve, chunkDelayMs) : setImmediate(resolve)));
    }
    if (reply.cut) response.socket?.destroy();
    else response.end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
