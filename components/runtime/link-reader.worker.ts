/// <reference lib="webworker" />
import { serveWorkerCalls } from '@/lib/platform/worker-calls';
import { type ReadLinkRequest, readLink } from '@/lib/share/read-link';
import type { ParsedSession } from '@/lib/session/session-schema';
// The session's schema (zod) loads with the worker, while the page fetches the link — not after
// the link is decrypted, when reading it would wait for another chunk.
import '@/lib/session/session-schema';

// The link reader: a shared session is decrypted, inflated, parsed and read strictly here,
// off the page's thread — a 2,000-call session is megabytes of JSON.
serveWorkerCalls<ReadLinkRequest, ParsedSession>(self as unknown as DedicatedWorkerGlobalScope, readLink);
