'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { COMPAT_TARGET_INFO, COMPAT_TARGETS, type CompatCell, type CompatReason } from '@/lib/shapes/compat';
import { compatMatrix } from '@/lib/tools/compat/compat-verdict';
import { compatQuery } from '../shared/compat-query';
import { useSession, useToolSetCheck } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';
import { MakeCompatibleForm } from './make-compatible-form';
import { ProbeForm } from './probe-form';

const MARKS = { accepts: '✓ accepts', rejects: '✗ rejects', rewrites: '~ rewrites' } as const;
const MARK_CLASS = { accepts: 'text-role-result', rejects: 'text-role-error', rewrites: 'text-role-call' } as const;
const BASIS = { sent: 'sent by the package', documented: 'documented', probed: 'probed' } as const;

function SourceOf({ reason }: { reason: CompatReason }) {
  const { source } = reason;
  if (source.kind === 'sent') return <span className="muted">— {source.packageName}, as sent</span>;
  if (source.kind === 'probed')
    return (
      <span className="muted">
        — probed {source.at}: {source.status}
      </span>
    );
  return (
    <span className="muted">
      —{' '}
      <a href={source.source.url} target="_blank" rel="noreferrer noopener" className="underline">
        {source.source.title}
      </a>
      : “{source.source.quote}” (recorded {source.source.recorded})
    </span>
  );
}

function CellDetails({ cell }: { cell: CompatCell }) {
  const target = COMPAT_TARGET_INFO[cell.target];
  return (
    <section aria-label="Why" className="rounded-md border border-[var(--border)] p-2">
      <h3 className="font-semibold">
        {cell.tool} on {target.label}: {cell.verdict} <span className="muted">({BASIS[cell.basis]})</span>
      </h3>
      {cell.probe ? (
        <p className="muted">
          Probed {cell.probe.at}: {cell.probe.status} — {cell.probe.message}
        </p>
      ) : null}
      {cell.reasons.length === 0 && !cell.probe ? (
        <p className="muted">
          {cell.basis === 'sent'
            ? 'The package sends the tool exactly as drafted, and it breaks no documented rule of this target.'
            : 'It breaks no documented rule of this target.'}
        </p>
      ) : cell.reasons.length === 0 ? null : (
        <ul className="list-disc pl-4">
          {cell.reasons.map((reason, index) => (
            <li key={`${index}:${reason.message}`}>
              {reason.message} <SourceOf reason={reason} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * `Compatibility`: one verdict per tool and target — accepts, rejects (the rule and its source) or
 * rewrites (what the package changed, as it sent it) — from the packages' own requests, captured
 * on the server with no key, and the providers' documented rules.
 */
export default function CompatibilityDialog({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const { tools } = useToolSetCheck();
  const specs = useMemo(() => tools.flatMap(({ check }) => (check.kind === 'valid' ? [check.spec] : [])), [tools]);
  const query = useQuery({ ...compatQuery(specs), enabled: specs.length > 0 });
  const probes = useSession((state) => state.compatProbes);
  const rows = useMemo(
    () => (query.data ? compatMatrix(specs, query.data.sent, probes) : []),
    [specs, query.data, probes],
  );
  const [chosen, setChosen] = useState<{ row: number; column: number }>();
  const cell = chosen ? rows[chosen.row]?.[chosen.column] : undefined;
  return (
    <Dialog open onOpenChange={onOpenChange} title="Compatibility" className="w-[min(80rem,calc(100vw-1rem))]">
      <div className="flex max-h-[75vh] flex-col gap-2 overflow-auto text-xs">
        <p className="muted">
          Each tool on each target: what the provider's AI SDK package sends (captured on this server, no key) and what
          the provider documents it refuses. Choose a cell for the why.
        </p>
        <MakeCompatibleForm />
        <ProbeForm specs={specs} />
        {specs.length === 0 ? <p>No valid tool to check.</p> : null}
        {query.isPending && specs.length > 0 ? <p role="status">Asking each package how it sends the tools…</p> : null}
        {query.error ? (
          <p role="alert" className="text-role-error">
            {query.error.message}
          </p>
        ) : null}
        {rows.length > 0 ? (
          // On a phone not every target fits: say how many there are, and that the table scrolls.
          <p className="muted sm:hidden" aria-hidden="true">
            {COMPAT_TARGETS.length} targets — scroll the table sideways to see them all (the tool names stay in place).
          </p>
        ) : null}
        {rows.length > 0 ? (
          <table aria-label="Compatibility" className="border-collapse">
            <thead>
              <tr>
                <th scope="col" className="sticky left-0 bg-[var(--panel)] p-1 text-left">
                  Tool
                </th>
                {COMPAT_TARGETS.map((target) => (
                  <th key={target} scope="col" className="p-1 text-left font-semibold">
                    {COMPAT_TARGET_INFO[target].label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, rowIndex) => (
                <tr key={row[0]?.tool ?? rowIndex} className="border-t border-[var(--border)]">
                  <th scope="row" className="sticky left-0 bg-[var(--panel)] p-1 text-left font-mono font-normal">
                    {row[0]?.tool}
                  </th>
                  {row.map((each, column) => (
                    <td key={each.target} className="p-1">
                      <button
                        type="button"
                        className={`rounded px-1 ${MARK_CLASS[each.verdict]} ${chosen?.row === rowIndex && chosen.column === column ? 'ring-2 ring-[var(--accent)]' : ''}`}
                        aria-label={`${each.tool} on ${COMPAT_TARGET_INFO[each.target].label}: ${each.verdict} (${BASIS[each.basis]})${each.reasons.length > 0 ? `, ${each.reasons.length} ${each.reasons.length === 1 ? 'reason' : 'reasons'}` : ''}`}
                        aria-pressed={chosen?.row === rowIndex && chosen.column === column}
                        onClick={() => setChosen({ row: rowIndex, column })}
                      >
                        {MARKS[each.verdict]}
                      </button>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {cell ? <CellDetails cell={cell} /> : null}
      </div>
    </Dialog>
  );
}
