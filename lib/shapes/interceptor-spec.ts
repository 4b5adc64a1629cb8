import { z } from 'zod';
import { SESSION_LIMITS } from './session-limits';
import { INTERCEPTION_ACTIONS, INTERCEPTOR_PHASES } from './interceptor-kinds';

/**
 * A person's own interceptor (seed 003 `beforeToolUse` / `afterToolUse`): the body of an
 * async JavaScript function run in the handler sandbox with `args = { call, result?, context }`.
 * Before a call it may return `{ block: reason }`, `{ arguments: {…} }` or `{ note }`; after
 * it, `{ output: value }`, `{ error: text }` or `{ note }`; nothing to let it pass.
 */
export const interceptorSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(SESSION_LIMITS.interceptorNameChars),
  phase: z.enum(INTERCEPTOR_PHASES),
  enabled: z.boolean(),
  code: z.string().max(SESSION_LIMITS.interceptorCodeChars),
});
export type Interceptor = z.infer<typeof interceptorSchema>;

/** The executor's flags (seed 003 Configuration); both off by default. */
export const executorSettingsSchema = z.object({
  /** A failed call ends the run: its result is kept, nothing more is sent to the model. */
  throwOnToolFailure: z.boolean(),
  /** A blocked call stops the rest of its batch: calls of the same step not yet started do not run. */
  stopOnToolBlock: z.boolean(),
});
export type ExecutorSettings = z.infer<typeof executorSettingsSchema>;

/** An interceptor acting on one call, as the session keeps it (the timeline draws it). */
export const interceptionSchema = z.object({
  interceptor: z.string().max(SESSION_LIMITS.interceptorNameChars),
  phase: z.enum(INTERCEPTOR_PHASES),
  action: z.enum(INTERCEPTION_ACTIONS),
  detail: z.string().max(SESSION_LIMITS.interceptionDetailChars),
});
export type Interception = z.infer<typeof interceptionSchema>;
