'use client';

import { type DecisionBar, decisionBars, type StepDecision } from '@/lib/evals/sampling/step-decision';

const percent = (p: number) => `${(p * 100).toFixed(p > 0 && p < 0.001 ? 2 : 1)}%`;

/** Bars on a 0–100 % axis, one per choice; `name` is what the chart shows (its accessible name begins with it). */
function ShareBars({ name, bars }: { name: string; bars: DecisionBar[] }) {
  const labelWidth = 12;
  const barArea = 190;
  const rowHeight = 26;
  const top = 22;
  const height = top + bars.length * rowHeight + 4;
  const width = labelWidth + barArea + 60;
  const x = (share: number) => labelWidth + share * barArea;
  return (
    <svg
      role="img"
      aria-label={`${name}: ${bars.map((bar) => `${bar.label} ${percent(bar.probability)}`).join('; ')}`}
      viewBox={`0 0 ${width} ${height}`}
      className="w-full max-w-[44rem] text-[var(--fg)]"
    >
      {[0, 0.25, 0.5, 0.75, 1].map((tick) => (
        <g key={tick}>
          <line x1={x(tick)} x2={x(tick)} y1={top - 4} y2={height - 2} stroke="currentColor" opacity="0.15" />
          <text x={x(tick)} y={top - 8} fontSize="10" textAnchor="middle" fill="currentColor" opacity="0.7">
            {Math.round(tick * 100)}%
          </text>
        </g>
      ))}
      {bars.map((bar, index) => {
        const y = top + index * rowHeight;
        return (
          <g key={bar.key}>
            <text x={labelWidth} y={y + 9} fontSize="11" fill="currentColor" fontFamily="ui-monospace, monospace">
              <title>{bar.label}</title>
              {bar.label.length > 40 ? `${bar.label.slice(0, 39)}…` : bar.label}
            </text>
            <rect
              x={labelWidth}
              y={y + 12}
              width={Math.max(bar.probability * barArea, bar.probability > 0 ? 1 : 0)}
              height="10"
              rx="1.5"
              fill={bar.key === '(text)' || bar.key === '(other)' ? 'var(--role-assistant, #64748b)' : 'var(--accent)'}
            />
            <text x={labelWidth + barArea + 6} y={y + 21} fontSize="10" fill="currentColor">
              {percent(bar.probability)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/**
 * `Decision probabilities`: for a step the model in the browser made, the probability of each
 * choice it had — call each declared tool, or answer in text — read from its logits, not sampled;
 * and, for the call it wrote, each value of an enum or boolean argument. Bars on the same 0–100 %
 * axis as Step samples (whose bars carry these as diamonds).
 */
export function DecisionProbabilities({ decision, prompt }: { decision: StepDecision; prompt?: string }) {
  const sampling = decision.sampling;
  const args = decision.arguments;
  return (
    <section aria-label="Decision probabilities" className="flex flex-col gap-1">
      <h4 className="text-xs font-semibold">Decision probabilities</h4>
      <p className="muted text-xs">
        The model's own probability of each choice at this step (its logits at temperature 1
        {decision.constrained ? ', under the tools\u2019 grammar' : ', unconstrained'}), not a count of samples.
        {sampling
          ? ` This step was sampled at temperature ${sampling.temperature}, top-p ${sampling.topP}, top-k ${sampling.topK}, seed ${sampling.seed}.`
          : ''}
      </p>
      <ShareBars name="Decision probabilities" bars={decisionBars(decision)} />
      {args
        ? Object.entries(args.values).map(([argument, shares]) => (
            <div key={argument} className="flex flex-col gap-0.5">
              <p className="text-xs">
                <code>{args.tool}</code> · <code>{argument}</code>: the probability of each value where the model began
                it, given the arguments before it
              </p>
              <ShareBars
                name={`Values of ${argument}`}
                bars={Object.entries(shares)
                  .sort(([a, pa], [b, pb]) => pb - pa || a.localeCompare(b))
                  .map(([value, probability]) => ({ key: value, label: value, probability }))}
              />
            </div>
          ))
        : null}
      {prompt ? (
        <details>
          <summary className="muted cursor-pointer text-xs">
            The text the model read ({prompt.length.toLocaleString('en')} characters)
          </summary>
          <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all text-xs">{prompt}</pre>
        </details>
      ) : null}
    </section>
  );
}
