'use client';

import { useMemo, useRef, useState } from 'react';
import { findSameConfigs } from '@/lib/evals/same-configs';
import type { EvalConfig } from '@/lib/shapes/eval-run';
import { useRuntime, useSession, useSessionActions } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';

/** Runs the draft in each picked configuration at once; each run becomes a branch. Stop ends every lane, keeping what ran. */
function useCompare(picked: EvalConfig[], draft: string, onDone: () => void) {
  const runtime = useRuntime();
  const { addBranches, setDraft, showEvals, setEvalCompared } = useSessionActions();
  const [status, setStatus] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [lanes, setLanes] = useState<Record<string, string>>({});
  // Stop (the button, or the playground's Stop / Esc) ends every lane; what each ran so far is kept.
  const stopper = useRef<AbortController | undefined>(undefined);
  const compare = async () => {
    setEvalCompared(picked.map((config) => config.id));
    setBusy(true);
    setStatus(`Running ${picked.length} configurations…`);
    // The loop and the sandbox load on first use, not with the message box.
    const [{ runInOwnSession, describeRunState }, { evalDeps }] = await Promise.all([
      import('@/lib/evals/run-eval-case'),
      import('./use-eval-runner'),
    ]);
    const deps = await evalDeps(runtime);
    // Comparing runs the session's handlers, as Send does.
    runtime.store.getState().trustHandlers();
    const { messages, tools, settings } = runtime.store.getState();
    const stop = new AbortController();
    stopper.current = stop;
    const { signal } = stop;
    const unlisten = runtime.onStop(() => stop.abort());
    setLanes({});
    let done = 0;
    try {
      const runs = await Promise.all(
        picked.map(async (config) => {
          const run = await runInOwnSession({
            tools,
            settings: { ...settings, ...config.settings },
            messages,
            prompt: draft,
            mode: 'full-loop',
            deps,
            signal,
            onChange: (state) => setLanes((current) => ({ ...current, [config.id]: describeRunState(state) })),
          });
          setStatus(`${++done} of ${picked.length} done…`);
          return { label: `Compare: ${config.name}`, messages: run.messages };
        }),
      );
      addBranches(runs);
      setDraft('');
      showEvals(false);
      setStatus(undefined);
      onDone();
    } catch (error) {
      setStatus(`Compare failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      unlisten();
      stopper.current = undefined;
      setBusy(false);
    }
  };

  return { status, busy, lanes, compare, stop: () => stopper.current?.abort() };
}

/**
 * Compare: the message being written sent to 2–4 saved configurations at once, each in a
 * session of its own from the conversation so far; each run becomes a branch, drawn as a lane
 * beside the others on the timeline with its own steps, times and tokens.
 */
export function CompareDialog({ disabled }: { disabled: boolean }) {
  const configs = useSession((state) => state.evals.configs);
  const compared = useSession((state) => state.evals.compared);
  const settings = useSession((state) => state.settings);
  const draft = useSession((state) => state.draft);
  const { showEvals } = useSessionActions();
  const [open, setOpen] = useState(false);
  // The boxes start with the configurations compared last.
  const [chosen, setChosen] = useState<string[]>(() => compared ?? []);
  const picked = useMemo(() => configs.filter((config) => chosen.includes(config.id)), [configs, chosen]);
  const same = useMemo(() => findSameConfigs(picked, settings), [picked, settings]);

  const { status, busy, lanes, compare, stop } = useCompare(picked, draft, () => setOpen(false));

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Compare configurations"
      description="Sends the message in the box to each chosen configuration, each from the conversation so far; every run becomes a branch, a lane of its own on the timeline."
      trigger={
        <button type="button" className="button" disabled={disabled} title="Send to 2–4 configurations side by side">
          Compare
        </button>
      }
    >
      {configs.length < 2 ? (
        <p className="text-sm">
          Save at least two model configurations in Evals first (“Save run settings as configuration”).{' '}
          <button
            type="button"
            className="button"
            onClick={() => {
              showEvals(true);
              setOpen(false);
            }}
          >
            Open Evals
          </button>
        </p>
      ) : (
        <form
          className="flex flex-col gap-2 text-sm"
          onSubmit={(event) => {
            event.preventDefault();
            // The dialog sits inside the composer's form in React's tree: its submit must not send the message too.
            event.stopPropagation();
            void compare();
          }}
        >
          <fieldset className="flex flex-col gap-1" disabled={busy}>
            <legend className="muted text-xs">Configurations (2–4)</legend>
            {configs.map((config) => (
              <label key={config.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={chosen.includes(config.id)}
                  disabled={!chosen.includes(config.id) && chosen.length >= 4}
                  onChange={(event) =>
                    setChosen(event.target.checked ? [...chosen, config.id] : chosen.filter((id) => id !== config.id))
                  }
                />
                {config.name}
              </label>
            ))}
          </fieldset>
          {same.map((names) => (
            <p key={names.join('|')} role="note" className="text-role-error text-xs">
              {names.join(' and ')} have the same run settings: they run the same request (only the model's own
              randomness differs).
            </p>
          ))}
          <p className="muted text-xs">
            Message: {draft.trim() ? `“${draft.trim().slice(0, 120)}”` : 'type one in the box first.'}
          </p>
          {status ? <p role="status">{status}</p> : null}
          {busy ? (
            <ul aria-label="Compare lanes" className="muted text-xs">
              {picked.map((config) => (
                <li key={config.id}>
                  {config.name}: {lanes[config.id] ?? 'starting'}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex gap-2">
            <button
              type="submit"
              className="button button-primary"
              disabled={busy || picked.length < 2 || !draft.trim()}
            >
              Send to {picked.length || 'the'} configurations
            </button>
            {busy ? (
              <button type="button" className="button" onClick={stop}>
                Stop comparing
              </button>
            ) : null}
          </div>
        </form>
      )}
    </Dialog>
  );
}
