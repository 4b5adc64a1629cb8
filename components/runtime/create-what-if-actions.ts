import type { OnDivergence, ReplayRecord } from '@/lib/shapes/replay';
import type { SessionStore } from '@/lib/session/session-state';
import type { ToolChecks } from '@/lib/tools/create-tool-checks';
import type { OutcomeClass } from '@/lib/what-if/outcome-class';
import type { PerturbPreset } from '@/lib/what-if/perturb-presets';
import type { LiveUser } from '@/lib/what-if/replay-against-model';
import type { PlaygroundEngine } from './create-playground-engine';

export type WhatIfActions = {
  /** `Replay against the model` from a user message of the active branch: a new branch, the recording served until the first request that differs. */
  replayAgainstModel(
    fromMessageId: string,
    onDivergence: OnDivergence,
    liveUser?: LiveUser,
  ): Promise<{ ok: true; record: ReplayRecord } | { ok: false; message: string }>;
  /** `Perturb result`: a call's result replaced by a preset's on a new branch, and what the model did with it. */
  perturbResult(
    toolCallId: string,
    preset: PerturbPreset,
    liveUser?: LiveUser,
  ): Promise<{ ok: true; record: ReplayRecord; outcome: OutcomeClass } | { ok: false; message: string }>;
};

/** What if? in the page (lib/what-if/): its code loaded on use, run through the engine's chat and replay hooks. */
export function createWhatIfActions({
  store,
  loadEngine,
  toolChecks,
}: {
  store: SessionStore;
  loadEngine(): Promise<PlaygroundEngine>;
  toolChecks: ToolChecks;
}): WhatIfActions {
  const runnable = () => toolChecks.check(store.getState().tools).runnable;
  const prepare = async () => {
    const [loaded, { waitForRunEnd }] = await Promise.all([loadEngine(), import('@/lib/agent/wait-for-run-end')]);
    // Replaying runs the session's handlers, as Send does.
    store.getState().trustHandlers();
    return {
      store,
      hooks: loaded.replay,
      send: (message: Parameters<typeof loaded.chat.sendMessage>[0]) => loaded.chat.sendMessage(message),
      waitForRunEnd: (stopped?: AbortSignal) => waitForRunEnd(store, runnable, stopped),
    };
  };
  return {
    async replayAgainstModel(fromMessageId, onDivergence, liveUser) {
      const [run, { replayAgainstModel }] = await Promise.all([
        prepare(),
        import('@/lib/what-if/replay-against-model'),
      ]);
      return replayAgainstModel({ ...run, fromMessageId, onDivergence, liveUser });
    },
    async perturbResult(toolCallId, preset, liveUser) {
      const [run, { perturbAndReplay }] = await Promise.all([prepare(), import('@/lib/what-if/perturb-result')]);
      return perturbAndReplay({
        ...run,
        onDivergence: 'go-live',
        liveUser,
        toolCallId,
        preset,
        toolNames: runnable().map((tool) => tool.spec.name),
      });
    },
  };
}
