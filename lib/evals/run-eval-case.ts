import type { UIMessage } from 'ai';
import { createSessionChat } from '../agent/create-session-chat';
import type { McpAccess } from '../shapes/mcp-access';
import type { HttpAccess } from '../agent/run-http-request';
import type { RunJavaScript } from '../shapes/tool-outcome';
import { getToolName, isToolUIPart } from '../shapes/tool-parts';
import { textOf } from '../messages/split-steps';
import { newId } from '../shapes/new-id';
import type { Sandbox } from '../sandbox/sandbox';
import type { SandboxFiles } from '../shapes/sandbox-status';
import type { RunSettings } from '../shapes/run-settings';
import { createSessionStore } from '../session/session-store';
import type { SessionState } from '../session/session-state';
import { checkToolDrafts } from '../tools/check-tool-drafts';
import type { SchemaChecker } from '../tools/create-schema-checker';
import type { ToolDraft } from '../shapes/tool-spec';
import type { EvalCase, SimulatedUser } from '../shapes/eval-case';
import type { EvalConfig, EvalJob, EvalRun, EvalRunMode, EvalVariant } from '../shapes/eval-run';
import { gradeRun } from './grade-run';
import { countCaseChecks } from './run-verdict';
import { drawSettings } from './sampling/sample-step';
import { type ConversationEnd, modelUser, type NextUserTurn, scriptedUser, userTurnLimit } from './simulated-user';
import { type SimulatedUserMetadata, simulatedUserMetadata } from '../messages/simulated-user-turn';
import { converse } from './converse';
import { observeRun, usageOf } from './observe-run';

export { observeRun };

/** What running a case needs from the page: the checker, the route, keys, and how tools run. */
export type EvalRunDeps = {
  checker: SchemaChecker;
  /** The chat route's fetch (the page's own; in tests, the handler in-process). */
  fetch?: typeof fetch;
  api?: string;
  /** Request headers for a configuration's provider and address (a typed key); throws to send nothing. */
  getHeaders?: (
    provider: RunSettings['provider'],
    baseURL: string | undefined,
    configId?: string,
  ) => Record<string, string>;
  /**
   * A fresh sandbox for one full-loop run (made only when a tool needs it; an in-memory one is
   * simply dropped after), with `files` when the case names its own, else the session's starting files.
   */
  createSandbox: (files?: SandboxFiles) => Promise<Sandbox>;
  runJavaScript?: RunJavaScript;
  /** The network for HTTP tools (their allowlists still apply). */
  http?: HttpAccess;
  mcp?: McpAccess;
  /** Hears what each run's requests were made of, by fingerprint (the session keeps them: flips read a run's request back). */
  onSentValues?: (values: Readonly<Record<string, unknown>>) => void;
};

/** What one run in a session of its own came to. */
export type OwnSessionRun = {
  /** The whole conversation: the earlier messages, the prompt and what followed. */
  messages: UIMessage[];
  /** What followed the prompt. */
  after: UIMessage[];
  error?: string;
  ms: number;
  /** The workspace the run left (asked for with `endState`): the sandbox's files, by relative path. */
  workspace?: SandboxFiles;
  /** The workspace the run started with (asked for with `endState`). */
  startWorkspace?: SandboxFiles;
  /** A run with a simulated user: how the conversation ended. */
  ended?: ConversationEnd;
};

/**
 * The run's sandbox, made on first use (with `files`, else the session's starting files), and both
 * ends of its workspace: what it held when made — before any tool ran — and after the run (no tool
 * touched a sandbox: both are the start).
 */
function lazyWorkspace(deps: EvalRunDeps, files?: SandboxFiles) {
  let sandbox: Promise<Sandbox> | undefined;
  let start: SandboxFiles | undefined;
  const get = () => {
    sandbox ??= deps.createSandbox(files).then(async (made) => {
      start = await made.snapshot();
      return made;
    });
    return sandbox;
  };
  const ends = async (): Promise<{ workspace: SandboxFiles; startWorkspace: SandboxFiles }> => {
    const workspace = await (await get()).snapshot();
    return { workspace, startWorkspace: start ?? workspace };
  };
  return { get, ends };
}

/**
 * One run in a session of its own, through the same route and loop as the chat: `tools`,
 * `settings`, the earlier `messages`, then `prompt`. `first-step` sends one request and runs
 * nothing (tools are answered by nobody); `full-loop` runs the tools as they are set (sandbox
 * tools in a fresh sandbox) until the model answers or the step limit.
 */
export async function runInOwnSession({
  tools,
  settings,
  messages: before,
  prompt,
  files,
  mode,
  deps,
  signal,
  onChange,
  endState = false,
  configId,
  nextUserTurn,
  maxTurns = 1,
  userMetadata,
  recordedResult,
  now = () => performance.now(),
}: {
  /**
   * The user's next turn once the model has answered (a script, a model playing the user, a
   * recorded conversation): its text, or undefined when the user is done. Asked until `maxTurns`
   * user turns (the prompt is the first), a terminal tool ends the run, or the run fails.
   */
  nextUserTurn?: NextUserTurn;
  maxTurns?: number;
  /** The turns after the prompt are a simulated user's, marked so by this metadata; a replay's recorded turns are not. */
  userMetadata?: SimulatedUserMetadata;
  /** A replay's recorded tool results (`createRecordedResults`): equal calls get them instead of running. */
  recordedResult?: Parameters<typeof createSessionChat>[0]['recordedResult'];
  /** The grid's configuration the run is of (its own key, in `npm run eval`). */
  configId?: string;
  /** Read the workspace after the run (a case checks it). */
  endState?: boolean;
  /** Hears each change of the run's own session (Compare shows where each lane is). */
  onChange?: (state: SessionState) => void;
  tools: ToolDraft[];
  settings: RunSettings;
  messages: UIMessage[];
  prompt: string;
  files?: SandboxFiles;
  mode: EvalRunMode;
  deps: EvalRunDeps;
  signal: AbortSignal;
  now?: () => number;
}): Promise<OwnSessionRun> {
  if (signal.aborted) throw new Error('stopped');
  const store = createSessionStore();
  const own = mode === 'first-step' ? { ...settings, maxSteps: 1 } : settings;
  store.setState({
    // First step only: no tool runs (each call waits for an answer that never comes).
    tools: mode === 'first-step' ? tools.map((tool) => ({ ...tool, run: { kind: 'manual' as const } })) : tools,
    settings: own,
    messages: before,
  });
  const workspace = lazyWorkspace(deps, files);
  const chat = createSessionChat({
    store,
    checker: deps.checker,
    getSandbox: workspace.get,
    runJavaScript: deps.runJavaScript,
    http: deps.http,
    mcp: deps.mcp,
    getHeaders: () => deps.getHeaders?.(own.provider, own.baseURL, configId) ?? {},
    fetch: deps.fetch,
    api: deps.api,
    recordedResult,
  });
  const stop = () => {
    chat.stopTools();
    void chat.stop();
  };
  signal.addEventListener('abort', stop, { once: true });
  const unsubscribe = onChange ? store.subscribe((state) => onChange(state)) : undefined;
  const started = now();
  let ended: ConversationEnd | undefined;
  try {
    ended = await converse({
      store,
      send: (message) => chat.sendMessage(message),
      runnable: () => checkToolDrafts(store.getState().tools, deps.checker).runnable,
      said: prompt,
      nextUserTurn,
      maxTurns,
      metadata: userMetadata,
      signal,
    });
  } finally {
    signal.removeEventListener('abort', stop);
    unsubscribe?.();
  }
  const { messages, chatError, sentValues } = store.getState();
  deps.onSentValues?.(sentValues);
  const ms = now() - started;
  const ends = endState ? await workspace.ends() : undefined;
  return {
    messages,
    after: messages.slice(before.length + 1),
    ...(chatError ? { error: chatError } : {}),
    ms,
    ...(ends ?? {}),
    ...(ended ? { ended } : {}),
  };
}

/**
 * A simulated user's next turns: its script, or a model playing it — asked through the same route,
 * in a session of its own (its seed drawn for `repeat`, as the model's is).
 */
export function userTurns(user: SimulatedUser, settings: RunSettings, repeat: number, deps: EvalRunDeps): NextUserTurn {
  if (user.script) return scriptedUser(user);
  return modelUser(user, settings, async ({ settings: asked, messages, prompt, signal }) => {
    const played = await runInOwnSession({
      tools: [],
      settings: drawSettings(asked, repeat),
      messages: messages.map((message) => ({
        id: `m-${newId()}`,
        role: message.role,
        parts: [{ type: 'text', text: message.text }],
      })),
      prompt,
      mode: 'first-step',
      deps,
      signal,
    });
    return { text: played.after.map((message) => textOf(message.parts)).join(''), error: played.error };
  });
}

/** The case's simulated user, in a full-loop run (none in a first-step one). */
function userOf(
  testCase: EvalCase,
  mode: EvalRunMode,
  settings: RunSettings,
  repeat: number,
  deps: EvalRunDeps,
): { nextUserTurn?: NextUserTurn; maxTurns?: number; userMetadata?: SimulatedUserMetadata } {
  const user = testCase.user;
  if (!user || mode !== 'full-loop') return {};
  return {
    nextUserTurn: userTurns(user, settings, repeat, deps),
    maxTurns: userTurnLimit(user),
    userMetadata: simulatedUserMetadata(testCase.id),
  };
}

/** One run of one case (see lib/evals/CONTEXT.md): the case in a session of its own with the variant and configuration, then graded. */
export async function runEvalCase({
  job,
  testCase,
  variant,
  config,
  mode,
  baseSettings,
  deps,
  signal,
  now,
}: {
  job: EvalJob;
  testCase: EvalCase;
  variant: EvalVariant;
  config: EvalConfig;
  mode: EvalRunMode;
  baseSettings: RunSettings;
  deps: EvalRunDeps;
  signal: AbortSignal;
  now?: () => number;
}): Promise<EvalRun> {
  // Repeat n of the simulated model draws from seed + n (repeat 0: the seed as set).
  const settings = drawSettings(
    { ...baseSettings, ...config.settings, ...(testCase.system === undefined ? {} : { system: testCase.system }) },
    job.repeat,
  );
  const run = await runInOwnSession({
    configId: config.id,
    tools: variant.tools,
    settings,
    ...userOf(testCase, mode, settings, job.repeat, deps),
    messages: (testCase.messages ?? []).map((message) => ({
      id: `m-${newId()}`,
      role: message.role,
      parts: [{ type: 'text', text: message.text }],
    })),
    prompt: testCase.prompt,
    files: testCase.files,
    mode,
    deps,
    signal,
    now,
    endState: mode === 'full-loop' && (testCase.expect.files?.length ?? 0) > 0,
  });
  const tools = checkToolDrafts(variant.tools, deps.checker).runnable.map((tool) => tool.spec);
  const grade = gradeRun(
    testCase,
    {
      ...observeRun(run.after),
      ...(run.workspace ? { files: run.workspace, startFiles: run.startWorkspace } : {}),
      ...(run.ended ? { ended: run.ended } : {}),
    },
    { tools, checker: deps.checker },
  );
  // A model that could not be asked is an error, not graded; a case with no check is not checked.
  const notChecked = !run.error && countCaseChecks(testCase) === 0;
  return {
    ...job,
    pass: !run.error && !notChecked && grade.pass,
    failures: run.error ? [] : grade.failures,
    ...(run.error ? { error: run.error } : {}),
    ...(notChecked ? { notChecked } : {}),
    ms: run.ms,
    ...usageOf(run.after),
    ...(run.ended ? { ended: run.ended } : {}),
    messages: run.messages,
  };
}

/** Where a run in a session of its own is now, in a few words: "waiting for the model", "running bash", "done". */
export function describeRunState(state: Pick<SessionState, 'chatStatus' | 'runningToolCalls' | 'messages'>): string {
  if (state.runningToolCalls.length > 0) {
    const running = new Set(state.runningToolCalls);
    const names = state.messages
      .flatMap((message) => message.parts.filter(isToolUIPart))
      .filter((part) => running.has(part.toolCallId))
      .map((part) => getToolName(part));
    return `running ${[...new Set(names)].join(', ') || 'a tool'}`;
  }
  if (state.chatStatus === 'submitted' || state.chatStatus === 'streaming') return 'waiting for the model';
  if (state.chatStatus === 'error') return 'failed';
  return 'done';
}
