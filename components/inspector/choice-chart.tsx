'use client';

import type { ChartRow } from '@/lib/evals/sampling/sampling-chart';

/** The series' colours: the step as sent, then variants (a pattern tells them apart without colour). */
const SERIES_STYLE = [
  { fill: 'var(--accent)', pattern: undefined },
  { fill: 'var(--role-call, #b45309)', pattern: 'chart-hatch' },
  { fill: 'var(--role-result, #047857)', pattern: 'chart-dots' },
] as const;

const percent = (share: number) => `${Math.round(share * 100)}%`;

type ChartValue = ChartRow['values'][number];

/** One set's bar for a choice: its share, its 95 % interval as a whisker, the model's probability as a diamond, the count. */
function ChoiceBar({
  value,
  index,
  y,
  labelWidth,
  barArea,
}: {
  value: ChartValue;
  index: number;
  y: number;
  labelWidth: number;
  barArea: number;
}) {
  const style = SERIES_STYLE[index % SERIES_STYLE.length];
  const x = (share: number) => labelWidth + share * barArea;
  const [low, high] = value.interval;
  return (
    <g>
      <rect
        x={labelWidth}
        y={y}
        width={Math.max(value.share * barArea, value.count > 0 ? 1 : 0)}
        height="10"
        fill={style.pattern ? `url(#${style.pattern})` : style.fill}
        rx="1.5"
      />
      {value.n > 0 ? (
        <g stroke="currentColor" strokeWidth="1.2">
          <line x1={x(low)} x2={x(high)} y1={y + 5} y2={y + 5} />
          <line x1={x(low)} x2={x(low)} y1={y + 1} y2={y + 9} />
          <line x1={x(high)} x2={x(high)} y1={y + 1} y2={y + 9} />
        </g>
      ) : null}
      {value.probability === undefined ? null : (
        <path
          d={`M ${x(value.probability)} ${y - 2} l 4 7 l -4 7 l -4 -7 z`}
          fill="var(--panel)"
          stroke="currentColor"
          strokeWidth="1.2"
        >
          <title>{`the model's probability: ${(value.probability * 100).toFixed(1)}%`}</title>
        </path>
      )}
      <text x={labelWidth + barArea + 6} y={y + 9} fontSize="10" fill="currentColor">
        {value.count}/{value.n} · {percent(value.share)}
      </text>
    </g>
  );
}

/**
 * A horizontal bar per choice and set of samples on one axis (0–100 %), each with its 95 %
 * interval as a whisker and its count; the model's own probability, where known, as a diamond.
 * Drawn for the eye (`role="img"` with a summary); the numbers are in the list beside it for
 * screen readers.
 */
export function ChoiceChart({
  title,
  series,
  rows,
  stacked = false,
}: {
  title: string;
  series: readonly string[];
  rows: readonly ChartRow[];
  /** Each choice's name on a line of its own above its bars: for a narrow pane (the Inspector). */
  stacked?: boolean;
}) {
  // Stacked, the bars take the whole width and the names their own line, so a narrow pane stays readable.
  const labelWidth = stacked ? 12 : 150;
  const barArea = stacked ? 190 : 300;
  const labelLine = stacked ? 14 : 0;
  const rowHeight = 10 + labelLine + series.length * 14;
  const top = 22;
  const height = top + rows.length * rowHeight + 6;
  const width = labelWidth + barArea + (stacked ? 80 : 90);
  const x = (share: number) => labelWidth + share * barArea;
  const summary = rows
    .map(
      (row) =>
        `${row.label}: ${row.values.map((value, index) => `${series[index]} ${value.count}/${value.n}`).join(', ')}`,
    )
    .join('; ');
  return (
    <figure className="flex flex-col gap-1">
      {series.length > 1 ? (
        <figcaption className="flex flex-wrap gap-3 text-xs" aria-hidden="true">
          {series.map((name, index) => (
            <span key={name} className="flex items-center gap-1">
              <svg width="14" height="10" aria-hidden="true">
                <rect width="14" height="10" fill={SERIES_STYLE[index % SERIES_STYLE.length].fill} />
              </svg>
              {name}
            </span>
          ))}
        </figcaption>
      ) : null}
      <svg
        role="img"
        aria-label={`${title}: ${summary}`}
        viewBox={`0 0 ${width} ${height}`}
        className="w-full max-w-[44rem] text-[var(--fg)]"
      >
        <defs>
          <pattern id="chart-hatch" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="4" height="4" fill="var(--role-call, #b45309)" />
            <line x1="0" y1="0" x2="0" y2="4" stroke="white" strokeWidth="1.5" opacity="0.6" />
          </pattern>
          <pattern id="chart-dots" width="4" height="4" patternUnits="userSpaceOnUse">
            <rect width="4" height="4" fill="var(--role-result, #047857)" />
            <circle cx="2" cy="2" r="0.9" fill="white" opacity="0.6" />
          </pattern>
        </defs>
        {[0, 0.25, 0.5, 0.75, 1].map((tick) => (
          <g key={tick}>
            <line x1={x(tick)} x2={x(tick)} y1={top - 4} y2={height - 4} stroke="currentColor" opacity="0.15" />
            <text x={x(tick)} y={top - 8} fontSize="10" textAnchor="middle" fill="currentColor" opacity="0.7">
              {percent(tick)}
            </text>
          </g>
        ))}
        {rows.map((row, rowIndex) => {
          const y0 = top + rowIndex * rowHeight;
          return (
            <g key={row.key}>
              <text
                x={stacked ? labelWidth : labelWidth - 6}
                y={stacked ? y0 + 12 : y0 + rowHeight / 2 + 3}
                fontSize="11"
                textAnchor={stacked ? 'start' : 'end'}
                fill="currentColor"
                fontFamily="ui-monospace, monospace"
              >
                <title>{row.label}</title>
                {row.label.length > (stacked ? 40 : 24) ? `${row.label.slice(0, stacked ? 39 : 23)}…` : row.label}
              </text>
              {row.values.map((value, index) => (
                <ChoiceBar
                  key={series[index]}
                  value={value}
                  index={index}
                  y={y0 + 5 + labelLine + index * 14}
                  labelWidth={labelWidth}
                  barArea={barArea}
                />
              ))}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
