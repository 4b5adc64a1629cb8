import { createInitialSession } from '../session/initial-session';
import { parseSessionFile } from '../session/session-file';
import { SESSION_FILE_KIND } from '../session/session-format';
import type { SandboxFiles } from '../shapes/sandbox-status';
import { readEvalCases } from './read-eval-cases';
import { type EvalSuite, suiteConfigs, suiteVariants } from './run-suite';

/** What `npm run eval` runs: the suite, and the workspace its full-loop runs start with. */
export type ReadSuite = { ok: true; suite: EvalSuite; startingFiles: SandboxFiles } | { ok: false; message: string };

const isSessionFile = (text: string) => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === SESSION_FILE_KIND;
  } catch {
    return false;
  }
};

/**
 * The suite a file holds: a session file (its cases, variants, configurations, mode and
 * repeats, over its tools, settings and starting files) or a case file (JSON, a bare array,
 * JSON Lines — over the playground's default tools and the simulated model).
 */
export async function readEvalSuite(text: string): Promise<ReadSuite> {
  if (isSessionFile(text)) {
    const read = await parseSessionFile(text);
    if (!read.ok) return read;
    const { evals, tools, settings, startingFiles } = read.session;
    if (evals.cases.length === 0) return { ok: false, message: 'The session has no eval cases.' };
    return {
      ok: true,
      suite: {
        cases: evals.cases,
        variants: suiteVariants(evals.variants, tools),
        configs: suiteConfigs(evals.configs),
        mode: evals.mode,
        repeats: evals.repeats,
        concurrency: evals.concurrency,
        baseSettings: settings,
      },
      startingFiles,
    };
  }
  if (/^\s*(prompts|providers|tests|defaultTest|description)\s*:/m.test(text))
    return {
      ok: false,
      message: 'This looks like a promptfoo config (YAML): this version reads case files and session files.',
    };
  const read = readEvalCases(text);
  if (!read.ok) return read;
  const session = createInitialSession();
  return {
    ok: true,
    suite: {
      cases: read.cases,
      variants: suiteVariants([], session.tools),
      configs: suiteConfigs([]),
      mode: session.evals.mode,
      repeats: session.evals.repeats,
      concurrency: session.evals.concurrency,
      baseSettings: session.settings,
    },
    startingFiles: session.startingFiles,
  };
}
