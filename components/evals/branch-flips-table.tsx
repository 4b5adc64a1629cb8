'use client';

import type { BranchFlipRow } from '@/lib/improve/branch-flips';

/** The Flips table around its rows: the headings (fixed, in order; the last is empty), then the body. */
export function FlipsTableFrame({ headings, children }: { headings: string[]; children: React.ReactNode }) {
  return (
    <table aria-label="Flips" className="w-full text-left [&_td]:py-0.5 [&_td]:pr-3 [&_th]:pr-3">
      <thead>
        <tr>
          {headings.map((heading, index) => (
            <th key={index}>{heading}</th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** Which request first differed from the recording, what differed there and where (JSON paths). */
export function FirstDiffered({ row }: { row: Pick<BranchFlipRow, 'divergedAt' | 'why' | 'paths'> }) {
  return (
    <>
      {row.divergedAt === undefined
        ? 'never (all served)'
        : `request ${row.divergedAt + 1}: ${(row.why ?? []).join('; ')}`}
      {row.paths && row.paths.length > 0 ? (
        <div className="break-all font-mono muted">{`at ${row.paths.join(', ')}`}</div>
      ) : null}
    </>
  );
}

const calls = (list: readonly string[]) => (list.length === 0 ? 'no call' : list.join(', '));

/** The flips of conversations: a branch a row — its calls before and after, the kind, where it first differed, the pair. */
export function BranchFlipsTable({
  rows,
  onOpen,
}: {
  rows: readonly BranchFlipRow[];
  onOpen: (row: BranchFlipRow) => void;
}) {
  return (
    <FlipsTableFrame headings={['Branch', 'Calls before → after', 'Flip', 'First differed', '']}>
      {rows.map((row) => (
        <tr key={row.branch.id} className="align-top">
          <td>{row.branch.label}</td>
          <td className="max-w-[24rem] break-all font-mono">{`${calls(row.before)} → ${calls(row.after)}`}</td>
          <td>
            <strong>{row.kind}</strong>
            {row.problem ? <div className="muted">{row.problem}</div> : null}
          </td>
          <td>
            <FirstDiffered row={row} />
          </td>
          <td>
            <button
              type="button"
              className="button px-1.5 py-0"
              disabled={row.replayed.length === 0}
              onClick={() => onOpen(row)}
            >
              Open the pair
            </button>
          </td>
        </tr>
      ))}
    </FlipsTableFrame>
  );
}
