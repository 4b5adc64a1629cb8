'use client';

import { SamplesInput } from './samples-input';
import { useEffect, useRef, useState } from 'react';
import { type UserTurnSample, userTurnDistribution } from '@/lib/evals/sampling/user-turn-distribution';
import { useRuntime, useSession } from '../runtime/runtime-context';
import { placeOfUserTurn, sampleUserTurn } from '../shared/conversation-actions';

const DEFAULT_SAMPLES = 10;
const MAX_SAMPLES = 50;

const percent = (share: number) => `${Math.round(share * 100)} %`;

/**
 * `Sample this step` on a simulated user's turn: the case's user asked N times for this turn, from
 * the conversation before it; its answers drawn as a distribution (a bar per distinct answer, with
 * its 95 % interval). A scripted user says the same every time; a model playing the user varies.
 */
export function UserTurnSampler({ messageId }: { messageId: string }) {
  const runtime = useRuntime();
  useSession((state) => state.evals.cases);
  const [count, setCount] = useState(DEFAULT_SAMPLES);
  const [samples, setSamples] = useState<UserTurnSample[]>([]);
  const [asked, setAsked] = useState(0);
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string>();
  const stopper = useRef<AbortController | undefined>(undefined);
  useEffect(() => runtime.onStop(() => stopper.current?.abort()), [runtime]);
  useEffect(() => () => stopper.current?.abort(), []);
  const place = placeOfUserTurn(runtime, messageId);
  if (!place) return null;

  const sample = async () => {
    const stop = new AbortController();
    stopper.current = stop;
    setSamples([]);
    setAsked(count);
    setProblem(undefined);
    setRunning(true);
    try {
      setProblem(
        await sampleUserTurn(runtime, messageId, count, stop.signal, (one) => setSamples((all) => [...all, one])),
      );
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="flex flex-col gap-1 border-t border-[var(--border)] pt-2 text-xs">
      <p className="font-semibold">What the simulated user says here</p>
      <div className="flex flex-wrap items-center gap-2">
        <SamplesInput count={count} max={MAX_SAMPLES} onChange={setCount} />
        {running ? (
          <button type="button" className="button" onClick={() => stopper.current?.abort()}>
            Stop sampling
          </button>
        ) : (
          <button type="button" className="button" disabled={!place.user.ok} onClick={() => void sample()}>
            Sample this step
          </button>
        )}
      </div>
      {place.user.ok ? null : <p className="muted">{place.user.why} Its user cannot be asked again.</p>}
      {problem ? <p role="alert">{problem}</p> : null}
      {samples.length > 0 || running ? <UserTurnSamples samples={samples} asked={asked} running={running} /> : null}
    </div>
  );
}

/** The region `User turn samples`: progress, then a bar per distinct answer. */
function UserTurnSamples({ samples, asked, running }: { samples: UserTurnSample[]; asked: number; running: boolean }) {
  const rows = userTurnDistribution(samples);
  const texts = rows.filter((row) => row.kind === 'text').length;
  return (
    <section aria-label="User turn samples" className="flex flex-col gap-1">
      <p role="status">
        {running
          ? `${samples.length} / ${asked} asked…`
          : `${samples.length} sample${samples.length === 1 ? '' : 's'}: ${texts} different answer${texts === 1 ? '' : 's'}`}
      </p>
      <ol aria-label="Answers" className="flex flex-col gap-1">
        {rows.map((row) => (
          <li
            key={`${row.kind}:${row.answer}`}
            aria-label={`${row.answer} — ${row.count} of ${samples.length} (${percent(row.share)}, 95 % interval ${percent(row.interval[0])} to ${percent(row.interval[1])})`}
            className="flex flex-col gap-0.5"
          >
            <span className="flex items-center gap-2">
              <span className="relative h-3 w-40 shrink-0 rounded bg-[var(--border)]" aria-hidden>
                <span
                  className={`absolute inset-y-0 left-0 rounded ${row.kind === 'error' ? 'bg-role-error' : row.kind === 'ended' ? 'bg-role-call' : 'bg-role-user'}`}
                  style={{ width: `${row.share * 100}%` }}
                />
                <span
                  className="absolute inset-y-1 border-x border-current"
                  style={{ left: `${row.interval[0] * 100}%`, width: `${(row.interval[1] - row.interval[0]) * 100}%` }}
                />
              </span>
              <span className="tabular-nums">
                {row.count} / {samples.length}
              </span>
            </span>
            <span className={`break-words ${row.kind === 'text' ? 'font-mono' : 'muted'}`}>{row.answer}</span>
          </li>
        ))}
      </ol>
      {samples.find((sample) => sample.error)?.error ? (
        <p className="text-role-error">{samples.find((sample) => sample.error)?.error}</p>
      ) : null}
    </section>
  );
}
