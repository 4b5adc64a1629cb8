import type { RunPause, GateAnswer } from '../shapes/run-pause';

export type RunGate = {
  /** Waits until the person answers `pause`; pauses queue up and are answered in order. */
  wait(pause: RunPause): Promise<GateAnswer>;
  /** Answers the oldest pause. */
  answer(answer: GateAnswer): void;
  /** Rejects every waiting pause (the run was stopped). */
  releaseAll(reason: string): void;
};

/**
 * A queue of pauses for one session. `onChange` receives the pause to show (the oldest),
 * or undefined when nothing waits — the session store keeps it for the UI.
 */
export function createRunGate(onChange: (pause: RunPause | undefined) => void): RunGate {
  const waiting: { pause: RunPause; resolve: (answer: GateAnswer) => void }[] = [];
  const show = () => onChange(waiting[0]?.pause);
  return {
    wait(pause) {
      return new Promise((resolve) => {
        waiting.push({ pause, resolve });
        show();
      });
    },
    answer(answer) {
      const next = waiting.shift();
      show();
      next?.resolve(answer);
    },
    releaseAll(reason) {
      const all = waiting.splice(0);
      show();
      for (const entry of all) entry.resolve({ kind: 'reject', reason });
    },
  };
}
