'use client';

import { useState } from 'react';
import type { FlipKind, FlipRow } from '@/lib/improve/flips';
import { useSession, useSessionActions } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';
import { useFlips } from './use-flips';

const KINDS: FlipKind[] = ['fixed', 'broke', 'diverged, same verdict', 'same', 'not graded'];

/** The table of flips: a run a row — before, after, the kind, where it first differed — and the pair opened on the graph. */
function FlipsTable({ rows, onOpen }: { rows: readonly FlipRow[]; onOpen: (row: FlipRow) => void }) {
  return (
    <table aria-label="Flips" className="w-full text-left [&_td]:py-0.5 [&_td]:pr-3 [&_th]:pr-3">
      <thead>
        <tr>
          <th>Case</th>
          <th>Column</th>
          <th>Run</th>
          <th>Before → after</th>
          <th>Flip</th>
          <th>First differed</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.run.caseId}|${row.run.variantId}|${row.run.configId}|${row.run.repeat}`}>
            <td>{row.run.caseId}</td>
            <td>{`${row.run.variantId} × ${row.run.configId}`}</td>
            <td>{row.run.repeat + 1}</td>
            <td>{`${row.before} → ${row.after}`}</td>
            <td>
              <strong>{row.kind}</strong>
            </td>
            <td>
              {row.divergedAt === undefined
                ? 'never (all served)'
                : `request ${row.divergedAt + 1}: ${(row.why ?? []).join('; ')}`}
            </td>
            <td>
              <button type="button" className="button px-1.5 py-0" onClick={() => onOpen(row)}>
                Open the pair
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Which runs does this change flip? (lib/improve/CONTEXT.md, "Flips"): the last grid's runs, replayed with the tools
 * and run settings as they are now — answered from their recordings until their first changed
 * request — counted before anything is sent, then a table of what flipped.
 */
export function FlipsButton() {
  const runs = useSession((state) => state.evals.runs);
  const readOnly = useSession((state) => state.readOnly);
  const mode = useSession((state) => state.evals.mode);
  const { addBranches, showEvals } = useSessionActions();
  const [open, setOpen] = useState(false);
  const flips = useFlips();
  const recorded = runs.filter((run) => run.messages.length > 0).length;
  const onOpen = (row: FlipRow) => {
    const original = runs.find(
      (run) =>
        run.caseId === row.run.caseId &&
        run.variantId === row.run.variantId &&
        run.configId === row.run.configId &&
        run.repeat === row.run.repeat,
    );
    addBranches([
      ...(original ? [{ label: `Recorded: ${row.run.caseId}`, messages: original.messages }] : []),
      { label: `With the change: ${row.run.caseId}`, messages: row.replayed.messages },
    ]);
    showEvals(false);
    setOpen(false);
  };
  const counts = KINDS.map((kind) => [kind, flips.rows.filter((row) => row.kind === kind).length] as const).filter(
    ([, count]) => count > 0,
  );
  const prediction = flips.prediction;
  return (
    <>
      <button type="button" className="button" disabled={readOnly || recorded === 0} onClick={() => setOpen(true)}>
        Which runs does this change flip?
      </button>
      {open ? (
        <Dialog
          open
          onOpenChange={setOpen}
          title="Which runs does this change flip?"
          className="w-[min(64rem,calc(100vw-1rem))]"
        >
          <section aria-label="Flips of a change" className="flex max-h-[75vh] flex-col gap-2 overflow-auto text-xs">
            <p className="muted">
              {`The last grid's ${recorded} recorded runs, run again with the tools as they are now in the Tools pane and the run settings as they are now: each model request equal to the recorded one is answered from the recording; from the first that differs the run goes live.`}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              {flips.busy ? (
                <button type="button" className="button" onClick={flips.stop}>
                  Stop
                </button>
              ) : (
                <>
                  <button type="button" className="button" onClick={() => void flips.count()}>
                    Count the requests
                  </button>
                  <button
                    type="button"
                    className="button button-primary"
                    disabled={prediction === undefined}
                    onClick={() => void flips.replay()}
                  >
                    Replay with the change
                  </button>
                </>
              )}
            </div>
            {flips.busy ? (
              <p role="status">
                {flips.busy === 'counting' ? 'Counting…' : `Replayed ${flips.rows.length} of ${recorded}…`}
              </p>
            ) : null}
            {prediction ? (
              <p role="status">
                {prediction.goLive === 0
                  ? `No run changes: all ${prediction.runs} are answered from their recordings, and nothing is sent.`
                  : `${prediction.goLive} of ${prediction.runs} runs go live: ${mode === 'first-step' ? `${prediction.liveRequests} model requests` : `at least ${prediction.liveRequests} model requests (in full-loop mode each goes on live)`}.`}
              </p>
            ) : null}
            {flips.failed ? <p role="alert">{flips.failed}</p> : null}
            {counts.length > 0 ? <p>{counts.map(([kind, count]) => `${count} ${kind}`).join(' · ')}</p> : null}
            {flips.rows.length > 0 ? <FlipsTable rows={flips.rows} onOpen={onOpen} /> : null}
          </section>
        </Dialog>
      ) : null}
    </>
  );
}
