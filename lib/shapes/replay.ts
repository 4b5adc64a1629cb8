/*
 * A branch made by `Replay against the model` (docs/what-if.md): what it replayed and where it parted
 * from the recording — the Timeline marks that step `Diverged here`, the Inspector shows the two
 * requests' differences. Kept in the session (files and links) by the branch's id.
 */

export const ON_DIVERGENCE = { 'go-live': 'Go live', stop: 'Stop' } as const;
export type OnDivergence = keyof typeof ON_DIVERGENCE;

export type ReplayRecord = {
  /** The branch the recording came from, and its label then. */
  originalBranchId: string;
  originalLabel: string;
  /** The user message the replay started at (its id in both branches' shared part). */
  fromMessageId: string;
  onDivergence: OnDivergence;
  /** Recorded answers served, requests sent live, recorded tool results given. */
  served: number;
  live: number;
  callsServed: number;
  /** Where it parted: the replay's n-th model request (0-based), the recorded step it was compared with, the paths that differ. */
  diverged?: { at: number; recordedStepId?: string; paths: string[] };
  /** The replay ended (done, stopped at the divergence, or failed). */
  ended: boolean;
  /** Made by `Perturb result`: the call whose result was replaced, the preset, and an injection's canary. */
  perturbed?: PerturbedCallRecord;
};

/** What `Perturb result` replaced: sampling the step that read it gives a rate per outcome class. */
export type PerturbedCallRecord = {
  toolCallId: string;
  preset: string;
  /** What a prompt injection asked for: this tool called, or this word said. */
  canary?: { toolName: string; word: string };
};
