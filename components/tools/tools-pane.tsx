'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { LINT_TARGET_LABELS } from '@/lib/tools/lint/lint-target';
import type { LintChoice } from '@/lib/shapes/lint-choice';
import { readToolName } from '@/lib/shapes/tool-source';
import { useSession, useSessionActions, useSessionRestored, useToolSetCheck } from '../runtime/runtime-context';
import { Panel, Separator } from 'react-resizable-panels';
import { Menu, MenuItem } from '../ui/menu';
import { SavedGroup } from '../ui/saved-group';
import { useIdle } from '../ui/use-idle';
import { AddToolMenu } from './add-tool-menu';
import { EmptyTools } from './empty-tools';
import { LazyInterceptorsDialog, LazyMcpConnectDialog } from './lazy-tool-dialogs';
import { ToolsetCoverageDialog, useToolsetCoverage } from './toolset-coverage-dialog';
import { ToolList } from './tool-list';
import { ToolCodeNotes } from './tool-code-notes';
import type { ToolCheck } from '@/lib/tools/tool-check';
import { ToolProblems } from './tool-problems';
import { ToolRunEditor } from './tool-run-editor';
import { Dialog } from '../ui/dialog';
import { useToolInsights } from './use-tool-lint';
import { formatTokens, ToolTokenCountsContext, useToolTokenCounts } from './use-tool-token-counts';

// Tool stats, code out and the prompt view are loaded when asked for.
const ToolsAsReadDialog = dynamic(() => import('./tools-as-read-dialog'), { ssr: false });
// Import and export read and write every tool format: loaded when their panel opens.
const ImportPanel = dynamic(() => import('./import-panel').then((module) => module.ImportPanel), { ssr: false });
const ExportPanel = dynamic(() => import('./export-panel').then((module) => module.ExportPanel), { ssr: false });
const CompatibilityDialog = dynamic(() => import('./compatibility-dialog'), { ssr: false });
const ContextCostDialog = dynamic(() => import('./context-cost-dialog'), { ssr: false });
const ImproveDescriptionDialog = dynamic(() => import('../shared/improve-description-dialog'), { ssr: false });
const ToolStatsPanel = dynamic(() => import('./tool-stats-panel').then((module) => module.ToolStatsPanel), {
  ssr: false,
});
const TryToolDialog = dynamic(() => import('./try-tool-dialog').then((module) => module.TryToolDialog), {
  ssr: false,
});
const ToolCodeDialog = dynamic(() => import('./tool-code-dialog').then((module) => module.ToolCodeDialog), {
  ssr: false,
});
// The readers (TypeScript's compiler, tree-sitter) load only when the dialog opens.
const ToolFromCodeDialog = dynamic(() => import('./tool-from-code-dialog'), { ssr: false });
const prepareToolFromCode = () =>
  void import('./tool-from-code-dialog').then((module) => module.prepareToolFromCode()).catch(() => undefined);

// Monaco is ~5 MB of JS: loaded only in the browser, after the first paint.
const MonacoToolEditor = dynamic(() => import('./monaco-tool-editor'), {
  ssr: false,
  loading: () => <p className="muted p-3 text-sm">Loading editor…</p>,
});

type ToolDialog = 'mcp' | 'interceptors' | 'coverage' | 'as-read' | 'compatibility' | 'context-cost' | 'improve';

/**
 * The rarer tool actions under one menu button, so the toolbar keeps to one row and the list
 * has room: each item keeps its name (`Connect MCP server`, `Export tools`, `Interceptors`,
 * `Coverage 7/10`) and opens what its button used to; `Compatibility` opens the matrix, `Context cost` what each tool cost.
 */
function MoreToolActions({ onExport, onStats }: { onExport: () => void; onStats: () => void }) {
  const readOnly = useSession((state) => state.readOnly);
  const interceptors = useSession((state) => state.interceptors);
  const enabled = interceptors.filter((each) => each.enabled).length;
  const coverage = useToolsetCoverage();
  // Improve description acts on the selected tool.
  const selectedName = useSession((state) => {
    const draft = state.tools.find((tool) => tool.id === state.selectedToolId);
    return draft ? readToolName(draft.source) : undefined;
  });
  const [dialog, setDialog] = useState<ToolDialog>();
  const openOrClose = (which: ToolDialog) => (open: boolean) => setDialog(open ? which : undefined);
  return (
    <>
      <Menu label="More tool actions" trigger="More">
        <MenuItem disabled={readOnly} onSelect={() => setDialog('mcp')}>
          Connect MCP server
        </MenuItem>
        <MenuItem onSelect={onExport}>Export tools</MenuItem>
        <MenuItem onSelect={onStats}>Tool stats</MenuItem>
        <MenuItem onSelect={() => setDialog('as-read')}>Tools as the model reads them</MenuItem>
        <MenuItem onSelect={() => setDialog('compatibility')}>Compatibility</MenuItem>
        <MenuItem onSelect={() => setDialog('context-cost')}>Context cost</MenuItem>
        <MenuItem disabled={!selectedName} onSelect={() => setDialog('improve')}>
          Improve description
        </MenuItem>
        <MenuItem onSelect={() => setDialog('interceptors')}>
          Interceptors{interceptors.length > 0 ? ` (${enabled})` : ''}
        </MenuItem>
        <MenuItem onSelect={() => setDialog('coverage')}>{coverage.label}</MenuItem>
      </Menu>
      {dialog === 'mcp' ? <LazyMcpConnectDialog open onOpenChange={openOrClose('mcp')} /> : null}
      {dialog === 'interceptors' ? <LazyInterceptorsDialog open onOpenChange={openOrClose('interceptors')} /> : null}
      <ToolsetCoverageDialog open={dialog === 'coverage'} onOpenChange={openOrClose('coverage')} />
      {dialog === 'as-read' ? <ToolsAsReadDialog open onOpenChange={openOrClose('as-read')} /> : null}
      {dialog === 'compatibility' ? <CompatibilityDialog onOpenChange={openOrClose('compatibility')} /> : null}
      {dialog === 'context-cost' ? <ContextCostDialog onOpenChange={openOrClose('context-cost')} /> : null}
      {dialog === 'improve' && selectedName ? (
        <ImproveDescriptionDialog toolName={selectedName} onOpenChange={openOrClose('improve')} />
      ) : null}
    </>
  );
}

/** Opens `Tool code` for the selected tool (a read-only session may copy it too); its definition must be valid. */
function ToolCodeButton({ check, onEnlarge }: { check: ToolCheck; onEnlarge: () => void }) {
  const [open, setOpen] = useState(false);
  const [trying, setTrying] = useState(false);
  const readOnly = useSession((state) => state.readOnly);
  const { runnable } = useToolSetCheck();
  const spec = check.kind === 'valid' ? check.spec : undefined;
  const tryable = spec !== undefined && runnable.some((tool) => tool.spec.name === spec.name);
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-[var(--border)] px-3 pt-2 text-xs">
      <button type="button" className="button px-2 py-0.5 text-xs" onClick={onEnlarge}>
        Enlarge editor
      </button>
      <button
        type="button"
        className="button px-2 py-0.5 text-xs"
        disabled={readOnly || !tryable}
        title={
          readOnly
            ? 'A shared session is read-only: press “Fork to edit” first.'
            : tryable
              ? 'Run this tool by hand, with arguments from a form — no model'
              : 'Only a valid tool that is on (in the next run) can be tried'
        }
        onClick={() => setTrying(true)}
      >
        Try this tool
      </button>
      {spec && trying ? <TryToolDialog spec={spec} onClose={() => setTrying(false)} /> : null}
      <button
        type="button"
        className="button px-2 py-0.5 text-xs"
        disabled={!spec}
        title={spec ? 'This tool as TypeScript, Python and provider JSON' : 'Fix the definition first'}
        onClick={() => setOpen(true)}
      >
        Tool code
      </button>
      {spec && open ? <ToolCodeDialog spec={spec} open={open} onOpenChange={setOpen} /> : null}
    </div>
  );
}

/** The list and the editor, in percent of the pane, until the person resizes them. */
const TOOLS_SPLIT = { 'tool-list': 52, 'tool-editor': 48 };

/** `Check against`: the provider whose rules the tools are checked for. */
function LintChoiceSelect() {
  const lintChoice = useSession((state) => state.lintChoice);
  const { setLintChoice } = useSessionActions();
  return (
    <label className="ml-auto flex items-center gap-1">
      <span className="muted">Check for</span>
      <select
        aria-label="Check against"
        className="control py-0.5"
        value={lintChoice}
        onChange={(event) => setLintChoice(event.target.value as LintChoice)}
      >
        <option value="provider">Selected provider</option>
        {(Object.keys(LINT_TARGET_LABELS) as (keyof typeof LINT_TARGET_LABELS)[]).map((target) => (
          <option key={target} value={target}>
            {LINT_TARGET_LABELS[target]}
          </option>
        ))}
        <option value="none">Nothing</option>
      </select>
    </label>
  );
}

/** The selected tool's definition (text until Monaco starts), its notes, problems and how it runs. */
function SelectedToolEditor() {
  const selectedToolId = useSession((state) => state.selectedToolId);
  const readOnly = useSession((state) => state.readOnly);
  const { tools, pending } = useToolSetCheck();
  const insights = useToolInsights();
  // The definition in a large dialog: the pane's editor gives way to it (one editor per model).
  const [enlarged, setEnlarged] = useState(false);
  const editorReady = useIdle();
  // Monaco (a 2.4 MB chunk) is evaluated once the page is idle *and* the engine has checked the
  // tools — not in the same idle moment, where both made the long tasks before the engine was
  // ready — unless the person reaches for the editor first. It waits for the session to be back (a
  // link's viewer would start it for the session the link replaces), and a shared (read-only)
  // session is read as text until the person reaches for it: its viewer waits for the run.
  const [editorWoken, setEditorWoken] = useState(false);
  const restored = useSessionRestored();
  const editorStarts = editorWoken || (editorReady.idle && restored && !pending && !readOnly);
  const selected = tools.find((tool) => tool.draft.id === selectedToolId);
  return (
    <>
      {selected ? (
        <>
          <div aria-label="Tool definition" role="group" className="min-h-24 flex-1">
            {enlarged ? (
              <p className="muted p-3 text-xs">Editing in the enlarged editor.</p>
            ) : editorStarts ? (
              <MonacoToolEditor toolId={selected.draft.id} findings={insights.findings.get(selected.draft.id) ?? []} />
            ) : (
              // Until Monaco starts, the definition reads as text.
              <pre
                className="code h-full overflow-auto text-xs"
                tabIndex={0}
                onPointerDown={() => setEditorWoken(true)}
                onFocus={() => setEditorWoken(true)}
              >
                {selected.draft.source}
              </pre>
            )}
          </div>
          <div className="max-h-[45%] shrink-0 overflow-auto">
            <ToolCodeNotes toolId={selected.draft.id} notes={selected.draft.notes} />
            <ToolProblems
              toolId={selected.draft.id}
              check={selected.check}
              findings={insights.findings.get(selected.draft.id) ?? []}
            />
            <ToolCodeButton check={selected.check} onEnlarge={() => setEnlarged(true)} />
            <fieldset disabled={readOnly} className="contents">
              <ToolRunEditor draft={selected.draft} name={readToolName(selected.draft.source)} />
            </fieldset>
          </div>
        </>
      ) : (
        <p className="muted p-3 text-sm">Select a tool in the list to edit its definition here.</p>
      )}
      {selected && enlarged ? (
        <Dialog
          open
          onOpenChange={setEnlarged}
          title={`Tool definition: ${readToolName(selected.draft.source) ?? 'this tool'}`}
          className="flex h-[85vh] w-[min(72rem,calc(100vw-1rem))] flex-col"
        >
          <div aria-label="Tool definition" role="group" className="min-h-0 flex-1">
            <MonacoToolEditor toolId={selected.draft.id} findings={insights.findings.get(selected.draft.id) ?? []} />
          </div>
        </Dialog>
      ) : null}
    </>
  );
}

/** The tool list, import/export, the selected tool's editor, run mode and findings. */
export function ToolsPane() {
  const readOnly = useSession((state) => state.readOnly);
  const servers = useSession((state) => state.mcpServers.length);
  const { tools, runnable, pending } = useToolSetCheck();
  const counts = useToolTokenCounts();
  const [panel, setPanel] = useState<'import' | 'export' | 'stats'>();
  const [fromCode, setFromCode] = useState(false);
  const toggle = (next: 'import' | 'export' | 'stats') => setPanel(panel === next ? undefined : next);

  return (
    <ToolTokenCountsContext.Provider value={counts}>
      <section aria-label="Tools" className="pane">
        <h2 className="pane-title flex-nowrap">
          Tools
          <span
            className="min-w-0 truncate font-normal normal-case"
            title={`Prompt tokens of the tools sent with every request — ${counts.label}`}
          >
            {pending
              ? `${tools.length} tools · checking…`
              : `${runnable.length} of ${tools.length} in the next run${counts.total === undefined ? '' : ` · ${formatTokens(counts.total, counts.exact)}`}`}
          </span>
        </h2>
        <div className="flex flex-wrap items-center gap-1 border-b border-[var(--border)] px-2 py-1.5 text-xs [&_.button]:px-2 [&_.button]:text-xs">
          {/* A shared session is read-only until "Fork to edit" (the store refuses edits too). */}
          <fieldset disabled={readOnly} className="contents">
            <AddToolMenu />
            <button
              type="button"
              className="button"
              aria-label="Import tools"
              aria-expanded={panel === 'import'}
              onClick={() => toggle('import')}
            >
              Import
            </button>
            <button
              type="button"
              className="button"
              aria-label="Tool from code"
              onClick={() => setFromCode(true)}
              // Reaching for it: the dialog's code and its Python reader start loading before the click.
              onPointerEnter={prepareToolFromCode}
              onFocus={prepareToolFromCode}
            >
              From code
            </button>
          </fieldset>
          {fromCode ? <ToolFromCodeDialog open={fromCode} onOpenChange={setFromCode} /> : null}
          <MoreToolActions onExport={() => toggle('export')} onStats={() => toggle('stats')} />
          <LintChoiceSelect />
        </div>
        {panel === 'import' && !readOnly ? <ImportPanel onClose={() => setPanel(undefined)} /> : null}
        {panel === 'export' ? <ExportPanel onClose={() => setPanel(undefined)} /> : null}
        {panel === 'stats' ? <ToolStatsPanel onClose={() => setPanel(undefined)} /> : null}
        {tools.length === 0 && servers === 0 ? (
          <EmptyTools />
        ) : (
          <SavedGroup id="tools-split" defaults={TOOLS_SPLIT} orientation="vertical" className="min-h-0 flex-1">
            <Panel id="tool-list" defaultSize={`${TOOLS_SPLIT['tool-list']}%`} minSize="64px">
              <ToolList />
            </Panel>
            <Separator
              aria-label="Resize tool list and editor"
              className="resize-handle-row border-y border-[var(--border)]"
            />
            <Panel
              id="tool-editor"
              defaultSize={`${TOOLS_SPLIT['tool-editor']}%`}
              minSize="120px"
              className="flex flex-col"
            >
              <SelectedToolEditor />
            </Panel>
          </SavedGroup>
        )}
      </section>
    </ToolTokenCountsContext.Provider>
  );
}
