import { z } from 'zod';

export const INTERCEPTOR_PHASES = ['before', 'after'] as const;
export type InterceptorPhase = (typeof INTERCEPTOR_PHASES)[number];

/** Longest an interceptor may run before it is stopped (and the call with it), in ms. */
export const INTERCEPTOR_TIMEOUT_MS = 2_000;

/**
 * A person's own interceptor (seed 003 `beforeToolUse` / `afterToolUse`): the body of an
 * async JavaScript function run in the handler sandbox with `args = { call, result?, context }`.
 * Before a call it may return `{ block: reason }`, `{ arguments: {…} }` or `{ note }`; after
 * it, `{ output: value }`, `{ error: text }` or `{ note }`; nothing to let it pass.
 */
export const interceptorSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(60),
  phase: z.enum(INTERCEPTOR_PHASES),
  enabled: z.boolean(),
  code: z.string().max(20_000),
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
export const DEFAULT_EXECUTOR_SETTINGS: ExecutorSettings = { throwOnToolFailure: false, stopOnToolBlock: false };

export const INTERCEPTION_ACTIONS = [
  'blocked',
  'changed arguments',
  'rewrote result',
  'failed the call',
  'noted',
  'errored',
] as const;
export type InterceptionAction = (typeof INTERCEPTION_ACTIONS)[number];

/** An interceptor acting on one call, as the session keeps it (the timeline draws it). */
export const interceptionSchema = z.object({
  interceptor: z.string().max(60),
  phase: z.enum(INTERCEPTOR_PHASES),
  action: z.enum(INTERCEPTION_ACTIONS),
  detail: z.string().max(500),
});
export type Interception = z.infer<typeof interceptionSchema>;

/** Ready-made interceptors offered in "Add interceptor". */
export const INTERCEPTOR_TEMPLATES = [
  {
    name: 'block rm -rf',
    phase: 'before',
    code: `// Runs before every call. args = { call: { id, name, arguments }, context }
const { call } = args;
if (call.name === 'bash' && /\\brm\\s+-[a-z]*r[a-z]*f|\\brm\\s+-[a-z]*f[a-z]*r/i.test(call.arguments.command ?? '')) {
  return { block: 'rm -rf is not allowed in this playground' };
}
`,
  },
  {
    name: 'redact emails',
    phase: 'after',
    code: `// Runs after every call. args = { call, result: { ok, output | error }, context }
const { result } = args;
if (!result.ok) return;
const text = JSON.stringify(result.output);
const redacted = text.replace(/[\\w.+-]+@[\\w-]+(\\.[\\w-]+)+/g, '[email redacted]');
if (redacted !== text) return { output: JSON.parse(redacted), note: 'emails redacted' };
`,
  },
  {
    name: 'note slow calls',
    phase: 'after',
    code: `// Annotates a sandbox call that took longer than a second.
const ms = args.result.ok ? args.result.output?.execution_time_ms : undefined;
if (typeof ms === 'number' && ms > 1000) return { note: \`slow: \${ms} ms\` };
`,
  },
] as const satisfies readonly Omit<Interceptor, 'id' | 'enabled'>[];
