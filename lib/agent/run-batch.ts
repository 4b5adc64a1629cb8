/**
 * The calls of one model step (a batch, seed 003): whether the rest of it is off, and the
 * order calls keep when some must wait for others. The executor checks `stopped` after every
 * await (interceptors in a sandboxed frame, the approval gate), so a stop that comes while a
 * call waits still holds it back.
 */
export type RunBatch = {
  /** Why the calls not yet started do not run, once something stopped the batch. */
  readonly stopped: string | undefined;
  /** Stops the rest of the batch (the first reason is kept). */
  stop(reason: string): void;
  /**
   * Runs one call once every earlier call that holds later ones has ended. `holdsLater`: the
   * calls after this one wait for it — a terminal tool (nothing after `submit` runs unless it
   * failed), or every call when `stopOnToolBlock` is on (the calls of a step one after another).
   */
  schedule<T>(holdsLater: boolean, run: () => Promise<T>): Promise<T>;
};

/** A new batch: nothing stopped, nothing held. */
export function createRunBatch(): RunBatch {
  let stopped: string | undefined;
  let held: Promise<void> = Promise.resolve();
  return {
    get stopped() {
      return stopped;
    },
    stop(reason) {
      stopped ??= reason;
    },
    schedule(holdsLater, run) {
      const earlier = held;
      const result = earlier.then(run);
      if (holdsLater)
        held = result.then(
          () => undefined,
          () => undefined,
        );
      return result;
    },
  };
}
