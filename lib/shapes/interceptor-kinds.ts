/*
 * The phases, limits, defaults and ready-made examples of interceptors, apart from their zod
 * schemas (`interceptor-spec.ts`): the page's first load uses these, and zod is not part of
 * that load (see docs/decisions/first-load.md).
 */

export const INTERCEPTOR_PHASES = ['before', 'after'] as const;
export type InterceptorPhase = (typeof INTERCEPTOR_PHASES)[number];

/** Longest an interceptor may run before it is stopped (and the call with it), in ms. */
export const INTERCEPTOR_TIMEOUT_MS = 2_000;

export const INTERCEPTION_ACTIONS = [
  'blocked',
  'changed arguments',
  'rewrote result',
  'failed the call',
  'noted',
  'errored',
] as const;
export type InterceptionAction = (typeof INTERCEPTION_ACTIONS)[number];
