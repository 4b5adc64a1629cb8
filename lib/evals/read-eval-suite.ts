import type { ImportedSuite } from '../session/eval-actions';
import { createInitialSession } from '../session/initial-session';
import { parseSessionFile } from '../session/session-file';
import { SESSION_FILE_KIND } from '../session/session-format';
import type { SandboxFiles } from '../shapes/sandbox-status';
import { readEvalCases } from './read-eval-cases';
import { looksLikePromptfoo, type PromptfooSuite, readPromptfooSuite } from './promptfoo/read-promptfoo';
import { type EvalSuite, suiteConfigs, suiteVariants } from './run-suite';
import { findJsonNesting } from '../limits/text-nesting';
import type { ConfigKey } from './promptfoo/promptfoo-key-sources';

/** What `npm run eval` runs: the suite, and the workspace its full-loop runs start with. */
export type ReadSuite =
  | {
      ok: true;
      suite: EvalSuite;
      startingFiles: SandboxFiles;
      notes?: string[];
      /** Keys a promptfoo config names for its providers (`apiKeyEnvar`, `apiKey`): `npm run eval` sends them. */
      configKeys?: ConfigKey[];
    }
  | { ok: false; message: string };

const isSessionFile = (text: string) => {
  if (findJsonNesting(text)) return false;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === SESSION_FILE_KIND;
  } catch {
    return false;
  }
};

/** What the import summary lists: each assertion left out, by case, and the other notes. */
export function promptfooSummary(read: Pick<PromptfooSuite, 'unmapped' | 'notes'>): string[] {
  return [
    ...read.unmapped.map((each) => `Not run: ${each.type} in case "${each.caseId}" (${each.why}).`),
    ...read.notes,
  ];
}

/**
 * When a config gives no tools (OpenAI's eval export drops them), the grid runs the session's: the
 * tools its checks and tool choice name that the session does not have, in a sentence.
 */
export function missingToolsNote(read: PromptfooSuite, sessionTools: readonly string[]): string | undefined {
  if (read.tools) return undefined;
  const named = new Set<string>();
  for (const each of read.cases) {
    for (const name of each.expect.toolF1?.tools ?? []) named.add(name);
    for (const check of each.expect.trajectory ?? []) {
      for (const name of 'sequence' in check ? check.sequence : [check.tool]) if (!/[*?]/.test(name)) named.add(name);
    }
  }
  for (const config of read.configs)
    if (typeof config.settings.toolChoice === 'object') named.add(config.settings.toolChoice.toolName);
  const missing = [...named].filter((name) => !sessionTools.includes(name)).sort();
  const found = [...named].filter((name) => sessionTools.includes(name)).sort();
  return [
    'The config gives no tools: the grid runs the session’s.',
    found.length > 0 ? ` The checks name ${found.join(', ')}, which it has.` : '',
    missing.length > 0
      ? ` They also name ${missing.join(', ')}: add ${missing.length === 1 ? 'it' : 'them'} in the Tools pane (Import or Add).`
      : '',
  ].join('');
}

/** A promptfoo config as the session takes it (`importEvalSuite`): cases, its tools as a variant, configurations, first step. */
export function importedSuiteOf(read: PromptfooSuite): ImportedSuite {
  return {
    cases: read.cases,
    ...(read.tools
      ? { variant: { name: `promptfoo: ${read.description ?? 'tools'}`.slice(0, 100), tools: read.tools } }
      : {}),
    configs: read.configs,
    mode: 'first-step',
    ...(read.repeats === undefined ? {} : { repeats: read.repeats }),
  };
}

const promptfooConfigId = (index: number) => `promptfoo-${index + 1}`;

/** A promptfoo config's suite: its first step only (promptfoo grades one answer), over its tools and providers. */
function promptfooSuite(text: string): ReadSuite {
  const read = readPromptfooSuite(text);
  if (!read.ok) return read;
  if (read.cases.length === 0)
    return { ok: false, message: `The config has no test the playground can run. ${read.notes.join(' ')}`.trim() };
  const session = createInitialSession();
  return {
    ok: true,
    suite: {
      cases: read.cases,
      variants: suiteVariants(
        read.tools ? [{ id: 'promptfoo', name: 'promptfoo tools', tools: read.tools }] : [],
        session.tools,
      ),
      configs: suiteConfigs(read.configs.map((config, index) => ({ ...config, id: promptfooConfigId(index) }))),
      mode: 'first-step',
      repeats: read.repeats ?? 1,
      concurrency: read.concurrency ?? session.evals.concurrency,
      baseSettings: session.settings,
    },
    startingFiles: session.startingFiles,
    notes: promptfooSummary(read),
    configKeys: read.configs.flatMap((_config, index) => {
      const source = read.keySources[index];
      return source ? [{ configId: promptfooConfigId(index), source }] : [];
    }),
  };
}

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
  if (looksLikePromptfoo(text)) return promptfooSuite(text);
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
