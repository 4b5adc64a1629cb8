// A model mirror for the e2e tests (a deployment's own mirror, as PLAYGROUND_MODEL_CATALOGUE points
// at): serves one model file at /models/<name>.gguf with byte ranges and CORS, as Hugging Face does,
// and lets a test make the next answer misbehave (POST /control): stop after some bytes and hold the
// connection until the test cuts it (POST /control/cut, once the page shows what arrived), send
// slowly, or ignore the range. GET /control lists the ranges asked for.
//   MODEL_MIRROR_PORT=3197 MODEL_MIRROR_FILE=<file.gguf> node testing/model-mirror/serve-model-mirror.ts
import { createReadStream, statSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';

type Misbehave = { cutAfter?: number; bytesPerSecond?: number; ignoreRange?: boolean };

const port = Number(process.env.MODEL_MIRROR_PORT ?? 3197);
const file = process.env.MODEL_MIRROR_FILE ?? '';
const size = statSync(file).size;
let next: Misbehave = {};
const asked: { path: string; range: string | null }[] = [];
/** Answers stopped at `cutAfter`, waiting for POST /control/cut to drop them mid-body. */
const held = new Set<ServerResponse>();

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'range',
  'access-control-expose-headers': 'content-range, content-length, accept-ranges',
};

function send(response: ServerResponse, start: number, behave: Misbehave) {
  const stream = createReadStream(file, { start, highWaterMark: 64 * 1024 });
  let sent = 0;
  stream.on('data', (chunk) => {
    const bytes = chunk as Buffer;
    if (behave.cutAfter !== undefined && sent + bytes.length > behave.cutAfter) {
      response.write(bytes.subarray(0, behave.cutAfter - sent));
      stream.destroy();
      held.add(response);
      return;
    }
    sent += bytes.length;
    response.write(bytes);
    if (behave.bytesPerSecond) {
      stream.pause();
      setTimeout(() => stream.resume(), (1000 * bytes.length) / behave.bytesPerSecond);
    }
  });
  stream.on('end', () => response.end());
}

const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://mirror').pathname;
  if (path === '/control/cut') {
    const cut = held.size;
    for (const answer of held) answer.socket?.destroy();
    held.clear();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ cut }));
    return;
  }
  if (path === '/control') {
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ asked }));
      return;
    }
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      next = JSON.parse(body || '{}') as Misbehave;
      asked.length = 0;
      response.writeHead(204).end();
    });
    return;
  }
  if (request.method === 'OPTIONS') {
    response.writeHead(204, cors).end();
    return;
  }
  if (!/^\/models\/[a-z0-9-]+\.gguf$/.test(path)) {
    response.writeHead(404, cors).end();
    return;
  }
  const range = request.headers.range ?? null;
  asked.push({ path, range });
  const behave = next;
  next = {};
  const start = Number(/^bytes=(\d+)-$/.exec(range ?? '')?.[1] ?? 0);
  if (range && !behave.ignoreRange && start < size) {
    response.writeHead(206, {
      ...cors,
      'accept-ranges': 'bytes',
      'content-range': `bytes ${start}-${size - 1}/${size}`,
      'content-length': String(size - start),
      'content-type': 'application/octet-stream',
    });
    send(response, start, behave);
    return;
  }
  response.writeHead(200, {
    ...cors,
    'accept-ranges': 'bytes',
    'content-length': String(size),
    'content-type': 'application/octet-stream',
  });
  send(response, 0, behave);
});
server.listen(port, '127.0.0.1', () => console.log(`model mirror on http://127.0.0.1:${port} serving ${file}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
