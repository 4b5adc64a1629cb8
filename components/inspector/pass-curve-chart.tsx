'use client';

import { passCurves } from '@/lib/evals/sampling/pass-at-k';

/**
 * pass@k (at least one of k tries does what is expected) and pass^k (all k do) as two lines over
 * k = 1…n — "does it work?" rising, "does it work every time?" falling. The numbers are in the
 * table beside it.
 */
export function PassCurveChart({ label, passed, n }: { label: string; passed: number; n: number }) {
  if (n < 2) return null;
  const curves = passCurves(n, passed);
  const [left, top, plotWidth, plotHeight] = [34, 8, 280, 110];
  const x = (k: number) => left + ((k - 1) / (n - 1)) * plotWidth;
  const y = (value: number) => top + (1 - value) * plotHeight;
  const line = (pick: (row: (typeof curves)[number]) => number) =>
    curves.map((row) => `${x(row.k)},${y(pick(row))}`).join(' ');
  const last = curves[curves.length - 1];
  return (
    <figure className="flex flex-col gap-1 text-xs">
      <svg
        role="img"
        aria-label={`pass@k and pass^k over k, ${label}: pass@${n} ${last.passAt.toFixed(2)}, pass^${n} ${last.passHat.toFixed(2)}`}
        viewBox={`0 0 ${left + plotWidth + 70} ${top + plotHeight + 26}`}
        className="w-full max-w-[26rem] text-[var(--fg)]"
      >
        {[0, 0.5, 1].map((value) => (
          <g key={value}>
            <line x1={left} x2={left + plotWidth} y1={y(value)} y2={y(value)} stroke="currentColor" opacity="0.15" />
            <text x={left - 4} y={y(value) + 3} fontSize="10" textAnchor="end" fill="currentColor" opacity="0.7">
              {value.toFixed(1)}
            </text>
          </g>
        ))}
        {[1, Math.ceil(n / 2), n].map((k) => (
          <text key={k} x={x(k)} y={top + plotHeight + 14} fontSize="10" textAnchor="middle" fill="currentColor">
            {k}
          </text>
        ))}
        <text x={left + plotWidth / 2} y={top + plotHeight + 25} fontSize="10" textAnchor="middle" fill="currentColor">
          k
        </text>
        <polyline points={line((row) => row.passAt)} fill="none" stroke="var(--accent)" strokeWidth="2" />
        <polyline
          points={line((row) => row.passHat)}
          fill="none"
          stroke="var(--role-call, #b45309)"
          strokeWidth="2"
          strokeDasharray="5 3"
        />
        <text x={left + plotWidth + 6} y={y(last.passAt) + 3} fontSize="10" fill="currentColor">
          pass@k
        </text>
        <text x={left + plotWidth + 6} y={y(last.passHat) + 3} fontSize="10" fill="currentColor">
          pass^k
        </text>
      </svg>
    </figure>
  );
}
