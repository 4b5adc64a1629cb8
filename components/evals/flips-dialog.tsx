'use client';

import { useState } from 'react';
import { formatDollars } from '@/lib/evals/model-prices';
import type { BranchFlipKind, BranchFlipRow } from '@/lib/improve/branch-flips';
import type { FlipKind, FlipRow } from '@/lib/improve/flips';
import { useSession, useSessionActions } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';
import { BranchFlipsTable, FirstDiffered, FlipsTableFrame } from './branch-flips-table';
import { branchesOf, type FlipPrediction, type FlipSet, useFlips } from './use-flips';

/** What the live requests cost, from the recorded runs' tokens at list prices; what has no price is said. */
function costText({ dollars, unpriced }: FlipPrediction['cost']) {
  if (unpriced === 0) return `${formatDollars(dollars)} at list prices (the recorded runs' tokens)`;
  const priced = dollars > 0 ? `${formatDollars(dollars)} for the runs of models with a known price, ` : '';
  return `${priced}cost unknown for ${unpriced} (no list price for their model)`;
}

const KINDS: FlipKind[] = ['fixed', 'broke', 'diverged, same verdict', 'same', 'not graded'];
const BRANCH_KINDS: BranchFlipKind[] = ['other calls', 'diverged, same calls', 'same', 'not replayed'];

/** The table of flips: a run a row — before, after, the kind, where it first differed — and the pair opened on the graph. */
function FlipsTable({ rows, onOpen }: { rows: readonly FlipRow[]; onOpen: (row: FlipRow) => void }) {
  return (
    <FlipsTableFrame headings={['Case', 'Column', 'Run', 'Before → after', 'Flip', 'First differed', '']}>
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
            <FirstDiffered row={row} />
          </td>
          <td>
            <button type="button" className="button px-1.5 py-0" onClick={() => onOpen(row)}>
              Open the pair
            </button>
          </td>
        </tr>
      ))}
    </FlipsTableFrame>
  );
}

const SET_WORDS: Record<FlipSet, string> = {
  grid: "The last grid's runs",
  branches: "The session's branches",
  lesson: "The lesson's runs",
};

/** "1 branch", "2 branches". */
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What the chosen set is and what happens to it, in a sentence. */
function setSentence(set: FlipSet, count: number) {
  const how =
    'run again with the tools as they are now in the Tools pane and the run settings as they are now: each model request equal to the recorded one is answered from the recording; from the first that differs the run goes live.';
  if (set === 'grid') return `The last grid's ${count} recorded runs, ${how}`;
  const which =
    set === 'lesson'
      ? `The ${plural(count, 'branch', 'branches')} the lesson stops on`
      : `The session's ${plural(count, 'branch', 'branches')}`;
  return `${which}, each sent again turn by turn, ${how} Equal tool calls get their recorded results. A conversation has no verdict: it is compared by the calls the model made.`;
}

/** The prediction in a sentence: nothing changes, or how many go live, how many requests, at what cost. */
function predictionSentence(prediction: FlipPrediction, mode: string, set: FlipSet) {
  const unrecorded =
    (prediction.unrecorded ?? 0) > 0
      ? ` ${prediction.unrecorded} of them kept no fingerprint of their requests (an imported trace, or a session from before 0.22): they go live from the first.`
      : '';
  if (prediction.goLive === 0)
    return prediction.runs === 1
      ? 'No run changes: it is answered from its recording, and nothing is sent.'
      : `No run changes: all ${prediction.runs} are answered from their recordings, and nothing is sent.`;
  const requests =
    set === 'grid' && mode === 'first-step'
      ? plural(prediction.liveRequests, 'model request', 'model requests')
      : `at least ${plural(prediction.liveRequests, 'model request', 'model requests')} (each goes on live to its end)`;
  return `${prediction.goLive} of ${plural(prediction.runs, 'run goes', 'runs go')} live: ${requests}; ${costText(prediction.cost)}.${unrecorded}`;
}

/**
 * Which runs does this change flip? (lib/improve/CONTEXT.md, "Flips"): the last grid's runs, the
 * session's branches or a lesson's, replayed with the tools and run settings as they are now —
 * answered from their recordings until their first changed request — counted before anything is
 * sent, then a table of what flipped.
 */
export function FlipsButton() {
  const runs = useSession((state) => state.evals.runs);
  const readOnly = useSession((state) => state.readOnly);
  const mode = useSession((state) => state.evals.mode);
  const branchCount = useSession((state) => branchesOf(state, 'branches').length);
  const lessonCount = useSession((state) => (state.lesson ? branchesOf(state, 'lesson').length : 0));
  const { addBranches, showEvals } = useSessionActions();
  const [open, setOpen] = useState(false);
  const recorded = runs.filter((run) => run.messages.length > 0).length;
  const sizes: Record<FlipSet, number> = { grid: recorded, branches: branchCount, lesson: lessonCount };
  const [chosen, setChosen] = useState<FlipSet>();
  const set: FlipSet = chosen ?? (recorded > 0 ? 'grid' : 'branches');
  const flips = useFlips(set);
  const close = () => {
    showEvals(false);
    setOpen(false);
  };
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
    close();
  };
  // The recorded conversation is a branch already: the replay joins it.
  const onOpenBranch = (row: BranchFlipRow) => {
    addBranches([{ label: `With the change: ${row.branch.label}`, messages: row.replayed }]);
    close();
  };
  const kinds = [
    ...KINDS.map((kind) => [kind, flips.rows.filter((row) => row.kind === kind).length] as const),
    ...BRANCH_KINDS.map((kind) => [kind, flips.branchRows.filter((row) => row.kind === kind).length] as const),
  ].filter(([, count]) => count > 0);
  const prediction = flips.prediction;
  const done = flips.rows.length + flips.branchRows.length;
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={readOnly || recorded + branchCount === 0}
        onClick={() => setOpen(true)}
      >
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
            <label className="flex items-center gap-2">
              Runs to replay
              <select
                className="control"
                value={set}
                disabled={flips.busy !== undefined}
                onChange={(event) => {
                  setChosen(event.target.value as FlipSet);
                  flips.forget();
                }}
              >
                {(Object.keys(SET_WORDS) as FlipSet[]).map((each) => (
                  <option key={each} value={each} disabled={sizes[each] === 0}>
                    {`${SET_WORDS[each]} (${sizes[each]})`}
                  </option>
                ))}
              </select>
            </label>
            <p className="muted">{setSentence(set, sizes[set])}</p>
            <div className="flex flex-wrap items-center gap-2">
              {flips.busy ? (
                <button type="button" className="button" onClick={flips.stop}>
                  Stop
                </button>
              ) : (
                <>
                  <button
                    type="button"
                    className="button"
                    disabled={sizes[set] === 0}
                    onClick={() => void flips.count()}
                  >
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
              <p role="status">{flips.busy === 'counting' ? 'Counting…' : `Replayed ${done} of ${sizes[set]}…`}</p>
            ) : null}
            {prediction ? <p role="status">{predictionSentence(prediction, mode, set)}</p> : null}
            {flips.failed ? <p role="alert">{flips.failed}</p> : null}
            {kinds.length > 0 ? <p>{kinds.map(([kind, count]) => `${count} ${kind}`).join(' · ')}</p> : null}
            {flips.rows.length > 0 ? <FlipsTable rows={flips.rows} onOpen={onOpen} /> : null}
            {flips.branchRows.length > 0 ? <BranchFlipsTable rows={flips.branchRows} onOpen={onOpenBranch} /> : null}
          </section>
        </Dialog>
      ) : null}
    </>
  );
}
