'use client';

import { useQuery } from '@tanstack/react-query';
import type { McpCheckReport } from '@/lib/mcp/mcp-route';
import type { McpServerRecord } from '@/lib/shapes/mcp-server-record';
import { useRuntime } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';

const MARK: Record<string, string> = { SUCCESS: '✓', FAILURE: '✗', WARNING: '!', SKIPPED: '–', INFO: 'i' };
const TONE: Record<string, string> = {
  SUCCESS: 'text-role-result',
  FAILURE: 'text-role-error',
  WARNING: 'text-role-call',
};

function Verdicts({ report }: { report: McpCheckReport }) {
  return (
    <div className="flex max-h-[60vh] flex-col gap-2 overflow-auto text-xs">
      <p>
        <span className={report.toolsListStable ? 'text-role-result' : 'text-role-error'}>
          {report.toolsListStable ? '✓' : '✗'}
        </span>{' '}
        <code>tools/list</code> gives the same tools in the same order twice{' '}
        <span className="muted">(prompt caches rely on it; the playground&rsquo;s own check)</span>
      </p>
      {report.revisions.map((revision) => {
        const checks = revision.scenarios.flatMap((scenario) => scenario.checks);
        const failed = checks.filter((check) => check.status === 'FAILURE').length;
        const passed = checks.filter((check) => check.status === 'SUCCESS').length;
        return (
          <section
            key={revision.revision}
            aria-label={`Checks for ${revision.revision}`}
            className="flex flex-col gap-1"
          >
            <h3 className="font-semibold">
              MCP {revision.revision}
              {checks.length ? ` · ${passed} passed, ${failed} failed` : ''}
            </h3>
            {revision.note ? <p className="muted">{revision.note}</p> : null}
            {revision.scenarios.map((scenario) => (
              <details key={scenario.scenario}>
                <summary className="cursor-pointer">
                  {scenario.checks.some((check) => check.status === 'FAILURE') ? '✗' : '✓'} {scenario.scenario}
                </summary>
                <ul className="ml-4">
                  {scenario.checks.map((check, index) => (
                    <li key={`${check.id}-${index}`}>
                      <span className={TONE[check.status] ?? 'muted'}>{MARK[check.status] ?? check.status}</span>{' '}
                      {check.name}: {check.description}
                      {check.errorMessage ? <p className="text-role-error">{check.errorMessage}</p> : null}
                    </li>
                  ))}
                </ul>
              </details>
            ))}
          </section>
        );
      })}
    </div>
  );
}

/**
 * `Check this server`: the official MCP conformance suite, run by the playground's server against
 * this HTTP server, verdict by verdict as the suite writes them, grouped by revision.
 */
export function McpCheckDialog({
  server,
  open,
  onOpenChange,
}: {
  server: McpServerRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { mcp } = useRuntime();
  const report = useQuery({
    queryKey: ['mcp-check', server.id],
    queryFn: () => mcp.check(server.id),
    enabled: open,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Check ${server.name}`}
      description={
        report.data
          ? `${report.data.suite}, run by the playground's server against ${server.url} (without the headers you gave it).`
          : undefined
      }
    >
      {report.isPending ? <p role="status">Running the conformance suite against {server.url}…</p> : null}
      {report.error ? <p className="text-role-error">{report.error.message}</p> : null}
      {report.data ? <Verdicts report={report.data} /> : null}
    </Dialog>
  );
}
