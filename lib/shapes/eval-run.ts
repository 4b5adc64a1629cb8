import type { UIMessage } from 'ai';
import type { RunSettings } from './run-settings';
import type { ToolDraft } from './tool-spec';

/** A named snapshot of the tool list ("description v1", "v2 with enum"). */
export type EvalVariant = { id: string; name: string; tools: ToolDraft[] };

/**
 * A model configuration: the run settings it was saved with (every one: provider, model,
 * mode, sampling, tool choice, parallel calls, max steps, system instructions, history…);
 * what it does not name comes from the session's settings.
 */
export type EvalConfig = {
  id: string;
  name: string;
  settings: Partial<RunSettings>;
};

/** `first-step`: the model's first answer only (no tool runs); `full-loop`: the whole run, tools answered as they run. */
export type EvalRunMode = 'first-step' | 'full-loop';

/** One run of one cell: which case, variant, configuration and repeat. */
export type EvalJob = { caseId: string; variantId: string; configId: string; repeat: number };

/**
 * How a conversation case ended: the user said its stop phrase, its script ran out, the model said
 * nothing it could answer, it said nothing; the turn limit, a terminal tool, an error, Stop.
 */
export const CONVERSATION_ENDS = [
  'stop',
  'out-of-script',
  'nothing-to-answer',
  'said-nothing',
  'max-turns',
  'terminal-tool',
  'error',
  'stopped',
] as const;
export type ConversationEnd = (typeof CONVERSATION_ENDS)[number];

/** What one run came to. */
export type EvalRun = EvalJob & {
  pass: boolean;
  failures: Failure[];
  /** Why the model could not be asked (a provider error): the run is an `error`, not graded. */
  error?: string;
  /** No check of the case ran (every one was left out): the run is `not checked`, never passed. */
  notChecked?: boolean;
  ms: number;
  /** A conversation case: how it ended (the user's stop phrase, its script out, the turn limit, …). */
  ended?: ConversationEnd;
  inputTokens: number;
  outputTokens: number;
  /** The run's conversation, to open on the timeline. */
  messages: UIMessage[];
};

export type FailureKind =
  | 'wrong-tool'
  | 'missing-call'
  | 'unexpected-call'
  | 'unknown-tool'
  | 'invalid-arguments'
  | 'value-mismatch'
  | 'order'
  | 'parallel'
  | 'answer'
  | 'end-state'
  | 'trajectory'
  | 'output'
  | 'tool-f1'
  | 'user';

/** Why a run failed its case, in one sentence (the table shows it on hover). */
export type Failure = { kind: FailureKind; message: string };
