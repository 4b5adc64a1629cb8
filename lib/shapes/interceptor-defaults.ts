import type { ExecutorSettings, Interceptor } from './interceptor-spec';

/*
 * The phases, limits, defaults and ready-made examples of interceptors, apart from their zod
 * schemas (`interceptor-spec.ts`): the page's first load uses these, and zod is not part of
 * that load (see docs/decisions/first-load.md).
 */
export const DEFAULT_EXECUTOR_SETTINGS: ExecutorSettings = { throwOnToolFailure: false, stopOnToolBlock: false };
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
