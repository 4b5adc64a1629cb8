'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { judgeMcpTools } from '@/lib/mcp/judge-mcp-tools';
import type { McpCheckReport } from '@/lib/mcp/mcp-route';
import type { McpServerRecord } from '@/lib/shapes/mcp-server-record';
import { toolDefinitionOf } from '@/lib/shapes/tool-formats';
import { useRuntime, useToolSetCheck } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';
import { formatTokens, useToolTokenCountsInPane } from './use-tool-token-counts';

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

const mark = (ok: boolean) => <span className={ok ? 'text-role-result' : 'text-role-error'}>{ok ? '✓' : '✗'}</span>;

/**
 * What the playground already judges of the server's tools, beside the suite's verdicts: the
 * context they cost, Compatibility by each target's documented rules, names, `x-mcp-header`s.
 */
function JudgedByThePlayground({ server }: { server: McpServerRecord }) {
  const { tools } = useToolSetCheck();
  const counts = useToolTokenCountsInPane();
  const ofServer = useMemo(
    () => tools.filter(({ draft }) => draft.run.kind === 'mcp' && draft.run.server === server.id),
    [tools, server.id],
  );
  const judged = useMemo(
    () =>
      judgeMcpTools(
        ofServer.flatMap(({ draft, check }) =>
          check.kind === 'valid' && draft.run.kind === 'mcp'
            ? [{ serverName: draft.run.tool, knownAs: check.spec.name, definition: toolDefinitionOf(check.spec) }]
            : [],
        ),
      ),
    [ofServer],
  );
  const invalid = ofServer.filter(({ check }) => check.kind !== 'valid').length;
  const tokens = ofServer.reduce((sum, { draft }) => sum + (counts?.byId.get(draft.id) ?? 0), 0);
  const fits = judged.compatibility.filter((target) => target.misfits.length === 0).length;
  return (
    <section aria-label="Judged by the playground" className="flex flex-col gap-1 text-xs">
      <h3 className="font-semibold">What the playground judges of its {ofServer.length} tools</h3>
      {invalid > 0 ? (
        <p className="text-role-error">
          {invalid} of them {invalid === 1 ? 'is' : 'are'} not a valid tool: the Tools pane says why.
        </p>
      ) : null}
      <p>
        Context cost:{' '}
        {counts && counts.byId.size > 0
          ? `${formatTokens(tokens, counts.exact)} of ${counts.total === undefined ? '…' : formatTokens(counts.total, counts.exact)} for all the next request's tools`
          : 'counting…'}
      </p>
      <details>
        <summary className="cursor-pointer">
          {mark(fits === judged.compatibility.length)} Compatibility: every tool fits as written on {fits} of{' '}
          {judged.compatibility.length} targets (their documented rules)
        </summary>
        <ul className="ml-4">
          {judged.compatibility.map((target) => (
            <li key={target.target}>
              {mark(target.misfits.length === 0)} {target.label}: {target.fit} of {target.fit + target.misfits.length}
              {target.misfits.slice(0, 3).map((misfit) => (
                <p key={misfit.tool} className="muted ml-4">
                  {misfit.tool}: {misfit.reason}
                </p>
              ))}
              {target.misfits.length > 3 ? (
                <p className="muted ml-4">
                  and {target.misfits.length - 3} more (Compatibility in the Tools pane lists them)
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </details>
      <p>
        {mark(judged.names.length === 0)} Names:{' '}
        {judged.names.length === 0 ? 'every tool name fits every provider' : ''}
      </p>
      {judged.names.length > 0 ? (
        <ul className="ml-4">
          {judged.names.map((name) => (
            <li key={name.tool}>
              {name.tool}: {name.problems.join('; ')}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <code>x-mcp-header</code>:{' '}
        {judged.headers.length === 0
          ? 'no argument is mirrored into an HTTP header'
          : judged.headers.map((each) => `${each.tool}.${each.argument} → Mcp-Param-${each.header}`).join(', ')}{' '}
        <span className="muted">
          (on 2026-07-28 the client leaves out a tool whose declarations break the revision&rsquo;s rules)
        </span>
      </p>
    </section>
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
      <JudgedByThePlayground server={server} />
      {report.isPending ? <p role="status">Running the conformance suite against {server.url}…</p> : null}
      {report.error ? <p className="text-role-error">{report.error.message}</p> : null}
      {report.data ? <Verdicts report={report.data} /> : null}
    </Dialog>
  );
}
