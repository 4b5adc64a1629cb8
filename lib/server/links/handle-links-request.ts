import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { clientAddressOf } from '../client-address';
import { readJsonBody } from '../read-json-body';
import { clientKeyOf, type RateLimit, shareUsedMessage, storeFullMessage } from './link-limits';
import type { LinkBudget, LinkStore } from './link-store';
import { SHORT_LINK_ID } from '../../shapes/short-link-address';
import {
  createdLinkSchema,
  createLinkRequestSchema,
  deleteLinkRequestSchema,
  linksStatusSchema,
} from '../../share/links-route';
import { firstIssue } from '../../limits/first-issue';

/** Largest ciphertext a short link holds (bytes). */
export const MAX_LINK_BYTES = 20 * 1024 * 1024;
/** The JSON body that carries `bytes` of ciphertext: base64url is 4/3 of the bytes, plus the rest of the object. */
const bodyBytesFor = (bytes: number) => Math.ceil((bytes * 4) / 3) + 1024;
export const LINK_EXPIRIES = { '1d': 86_400_000, '30d': 30 * 86_400_000, never: undefined } as const;
export type LinkExpiry = keyof typeof LINK_EXPIRIES;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });
const refuse = (status: number, code: string, message: string, headers?: Record<string, string>) =>
  json(status, { error: { code, message } }, headers);

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type LinksDeps = {
  /** Undefined: short links are off on this server (`PLAYGROUND_LINK_STORE=off`). */
  store: LinkStore | undefined;
  /** Why the configured store cannot be used now (503), if it cannot. */
  problem?: string;
  /** Creations per client address (the store's count, shared by every instance on it: `storeRateLimit`). */
  rateLimit: RateLimit;
  /** What the store may hold in all and each address's share (uploads under way counted, in the store). */
  budget: LinkBudget;
  /** How long an upload may take before it is refused and its room given back. */
  uploadDeadlineMs: number;
  /** The server's environment: `PLAYGROUND_TRUSTED_PROXIES` says how the client address is read. */
  env: Record<string, string | undefined>;
  now?: () => number;
};

/**
 * `/api/links`: the server keeps ciphertext and nothing else. `POST` `{ ciphertext, expires }`
 * (base64url, at most 20 MB decoded; `1d`, `30d` — the default — or `never`) answers the new
 * id and a delete token; `GET /api/links` says whether links are on; `GET /api/links/<id>`
 * answers the bytes; `DELETE /api/links/<id>` `{ deleteToken }` removes them.
 */
export async function handleLinksRequest(request: Request, id: string | undefined, deps: LinksDeps): Promise<Response> {
  const now = deps.now?.() ?? Date.now();
  const { store } = deps;
  if (deps.problem) return refuse(503, 'store_unavailable', deps.problem);
  if (!store) return refuse(404, 'links_off', 'Short links are off on this server: share a fragment link instead.');
  if (id === undefined) {
    if (request.method === 'GET')
      return json(
        200,
        linksStatusSchema.parse({ enabled: true, maxBytes: MAX_LINK_BYTES, expiries: Object.keys(LINK_EXPIRIES) }),
      );
    if (request.method !== 'POST') return refuse(405, 'method', 'POST a short link, or GET one by its id.');
    // The socket's address (or the trusted proxies' word), never a header the client writes.
    const client = clientAddressOf(request, deps.env) ?? 'unknown';
    const wait = await deps.rateLimit(client, now);
    if (wait !== undefined)
      return refuse(429, 'rate_limited', `Too many short links from this address; try again in ${wait} s.`, {
        'retry-after': String(wait),
      });
    return createLink(request, store, { ...deps, now, client: clientKeyOf(client) });
  }
  if (!SHORT_LINK_ID.test(id)) return refuse(404, 'not_found', 'No such short link.');
  if (request.method === 'GET') {
    const found = await store.get(id, now);
    if (!found)
      return refuse(404, 'not_found', 'This short link does not exist: it expired, or whoever made it deleted it.');
    return new Response(Buffer.from(found), {
      status: 200,
      headers: { 'content-type': 'application/octet-stream', 'cache-control': 'no-store' },
    });
  }
  if (request.method === 'DELETE') {
    const body = await readJsonBody(request, 4096);
    if (!body.ok) return refuse(400, body.code, body.message);
    const read = deleteLinkRequestSchema.safeParse(body.value ?? {});
    if (!read.success) return refuse(400, 'invalid_body', `${firstIssue(read.error, 'the body').why}.`);
    return (await store.delete(id, hashToken(read.data.deleteToken)))
      ? new Response(null, { status: 204 })
      : refuse(404, 'not_found', 'No such short link, or not yours to delete.');
  }
  return refuse(405, 'method', 'GET or DELETE a short link.');
}

/** The ciphertext bytes a JSON body of `length` bytes can carry at most (base64url is 4/3 of them). */
const bytesCarriedBy = (length: number) => Math.min(MAX_LINK_BYTES, Math.floor((length * 3) / 4));

/**
 * One upload: it says its length (`Content-Length`, at most a 20 MB link's body), and what it can
 * carry is held in the store — against the budget and the client's share — until it is stored,
 * refused, or its deadline passes; past the deadline it is refused (408) and its room given back.
 */
async function createLink(
  request: Request,
  store: LinkStore,
  deps: Pick<LinksDeps, 'budget' | 'uploadDeadlineMs'> & { now: number; client: string },
): Promise<Response> {
  const { now, client, budget } = deps;
  const declared = request.headers.get('content-length');
  if (declared === null || !/^\d{1,12}$/.test(declared))
    return refuse(411, 'length_required', 'Send the upload with its Content-Length.');
  const length = Number(declared);
  if (length > bodyBytesFor(MAX_LINK_BYTES))
    return refuse(413, 'too_large', 'A short link holds at most 20 MB: export the session as a file instead.');
  const reservation = {
    id: base64url(randomBytes(12)),
    client,
    bytes: bytesCarriedBy(length),
    deadlineMs: now + deps.uploadDeadlineMs,
  };
  const held = await store.reserve(reservation, now, budget);
  if (held === 'store_full') return refuse(507, 'store_full', storeFullMessage(budget.maxBytes));
  if (held === 'share_used') return refuse(429, 'share_used', shareUsedMessage(budget.clientShareBytes));
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const slow = new Promise<'slow'>((resolve) => {
      timer = setTimeout(() => resolve('slow'), deps.uploadDeadlineMs);
    });
    // A client that goes away mid-upload ends it: nothing is kept, its room is given back.
    const reading = readJsonBody(request, length).catch(() => 'gone' as const);
    const body = await Promise.race([reading, slow]);
    if (body === 'gone') return refuse(400, 'upload_aborted', 'The upload was cut off before it arrived whole.');
    if (body === 'slow') {
      request.body?.cancel().catch(() => undefined);
      return refuse(
        408,
        'upload_too_slow',
        `The upload did not arrive within ${deps.uploadDeadlineMs / 1000} s: try again.`,
      );
    }
    if (!body.ok)
      return body.code === 'body_too_large'
        ? refuse(400, 'length_mismatch', 'The upload is longer than its Content-Length.')
        : refuse(400, body.code, body.message);
    return await storeUpload(body.value, store, { now, client, reservationId: reservation.id });
  } finally {
    clearTimeout(timer);
    await store.release(reservation.id);
  }
}

/** Checks an upload's body and keeps it under its reservation. */
async function storeUpload(
  value: unknown,
  store: LinkStore,
  { now, client, reservationId }: { now: number; client: string; reservationId: string },
): Promise<Response> {
  const read = createLinkRequestSchema.safeParse(value ?? {});
  if (!read.success) return refuse(400, 'invalid_body', `${firstIssue(read.error, 'the body').why}.`);
  const { ciphertext, expires } = read.data;
  const bytes = new Uint8Array(Buffer.from(ciphertext, 'base64url'));
  if (bytes.byteLength > MAX_LINK_BYTES)
    return refuse(413, 'too_large', 'A short link holds at most 20 MB: export the session as a file instead.');
  // An AES-GCM message is at least its IV and tag: anything shorter cannot be one.
  if (bytes.byteLength < 29) return refuse(400, 'invalid_body', '"ciphertext" is too short to be encrypted data.');
  const linkId = base64url(randomBytes(16));
  const deleteToken = base64url(randomBytes(16));
  const lifetime = LINK_EXPIRIES[expires];
  const expiresAtMs = lifetime === undefined ? undefined : now + lifetime;
  await store.put(
    { id: linkId, body: bytes, tokenHash: hashToken(deleteToken), createdAtMs: now, expiresAtMs, client },
    reservationId,
  );
  return json(201, createdLinkSchema.parse({ id: linkId, deleteToken, expiresAtMs: expiresAtMs ?? null }));
}
