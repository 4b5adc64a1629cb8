import type { EvalCase } from './eval-case';

/*
 * `Sample this step` (see lib/evals/CONTEXT.md): a model step's request sent again N times, each
 * answer kept as a sample — what the model chose, not a run (nothing executes). A step keeps the
 * samples of its request as sent and of each variant tried on it, and what is right for it.
 */

/**
 * What a step's request was made of, kept with the step (its `data-step` report): a fingerprint
 * of each tool as sent and of each setting — so the request can be made again exactly, and when
 * it cannot (a tool removed or changed since), the playground can say what changed.
 */
export type SentRecord = {
  tools: Record<string, string>;
  /** The settings' (the history policy aside). */
  settings: string;
  /** The whole request's fingerprint, ids left out (`lib/messages/canonical-request.ts`): equal requests, equal key. */
  request?: string;
};

/** One call of a sample; `problem`: why it could not run (a tool not offered, arguments its schema refuses). */
export type SampledCall = { toolName: string; input: unknown; problem?: string };

/** One answer of the model to the step's request. */
export type StepSample = {
  /** 1-based, in the order the samples were started. */
  n: number;
  calls: SampledCall[];
  /** What it wrote besides (cut). */
  text: string;
  /** The request failed: the provider's sentence (an outcome like any other). */
  error?: string;
  ms: number;
  inputTokens?: number;
  outputTokens?: number;
};

/** The one change a variant makes to the step's request. */
export type SampleChange =
  | { kind: 'tools'; variantId: string; name: string }
  | { kind: 'tool'; name: string; description?: string; parameters?: Record<string, unknown> }
  | { kind: 'settings'; name: string; settings: Record<string, unknown> };

/** The samples of one request: the step's own (no `change`), or a variant's. */
export type StepSampling = {
  id: string;
  /** What the variant changed; none: the step as it was sent. */
  change?: SampleChange;
  /** Who answered (the cost estimate and the labels). */
  provider: string;
  model: string;
  /** The simulated model's seed the samples were drawn from (sample n used seed + n). */
  seed?: number;
  samples: StepSample[];
};

/** What is right for a step (`Expect this`): a case's expectation, graded per sample. */
export type StepExpectation = EvalCase['expect'];

/** Everything sampled of one step. */
export type StepSamples = { samplings: StepSampling[]; expect?: StepExpectation };
