'use client';

import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import {
  type ReadEvalCases,
  readEvalCases,
  serializeEvalCases,
  serializeEvalCasesJsonl,
} from '@/lib/evals/read-eval-cases';
import { readCasesInWorker } from '../runtime/read-cases-in-worker';
import { starterCase } from '@/lib/evals/starter-case';
import { useSession, useSessionActions } from '../runtime/runtime-context';
import { downloadText } from '../ui/download-text';
import type { CaseProblem } from './monaco-eval-cases-editor';
import { PromptfooExportDialog } from './promptfoo-export-dialog';
import { type PromptfooExportPlan, usePromptfooFiles } from './use-promptfoo-files';

const MonacoEvalCasesEditor = dynamic(() => import('./monaco-eval-cases-editor'), {
  ssr: false,
  loading: () => <p className="muted p-3 text-sm">Loading editor…</p>,
});

/** At most this many of the editor's problems are listed under it (the rest are marked in it). */
const LISTED_PROBLEMS = 5;

/** The editor's first problems by line (the rest are marked in it). */
function CaseProblems({ problems }: { problems: CaseProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul aria-label="Problems in the cases" className="text-xs text-role-error">
      {problems.slice(0, LISTED_PROBLEMS).map((problem, index) => (
        <li key={`${index}:${problem.line}`}>
          Line {problem.line}: {problem.message}
        </li>
      ))}
      {problems.length > LISTED_PROBLEMS ? (
        <li>…and {problems.length - LISTED_PROBLEMS} more, marked in the editor.</li>
      ) : null}
    </ul>
  );
}

/** What a promptfoo import or export did, and what it left out. */
function PromptfooReport({ report }: { report: { ok: boolean; text: string; left: string[] } }) {
  return (
    <div className="text-xs">
      <p role={report.ok ? 'status' : 'alert'} className={report.ok ? 'muted' : 'text-role-error'}>
        {report.text}
      </p>
      {report.left.length > 0 ? (
        <ul aria-label="Left out of the promptfoo config" className="muted max-h-32 list-disc overflow-auto pl-4">
          {report.left.map((line, index) => (
            <li key={`${index}:${line}`}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The session's eval cases as editable JSON: paste, import a file (JSON, JSON Lines, BFCL, a promptfoo config), add, export. */
export function EvalCasesEditor({ offered }: { offered: readonly { name: string; description?: string }[] }) {
  const cases = useSession((state) => state.evals.cases);
  const draft = useSession((state) => state.draft);
  const readOnly = useSession((state) => state.readOnly);
  const { setEvalCases } = useSessionActions();
  const [text, setText] = useState(() => serializeEvalCases(cases));
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const [problems, setProblems] = useState<CaseProblem[]>([]);
  const file = useRef<HTMLInputElement>(null);
  const promptfoo = usePromptfooFiles();
  const [exportPlan, setExportPlan] = useState<PromptfooExportPlan>();
  const [shown, setShown] = useState<'cases' | 'promptfoo'>('cases');
  // The cases changed elsewhere (added, imported, another tab): the text follows.
  useEffect(() => setText(serializeEvalCases(cases)), [cases]);

  const save = (source: string) => keep(readEvalCases(source));
  const keep = (read: ReadEvalCases) => {
    setShown('cases');
    if (!read.ok) return setMessage({ ok: false, text: read.message });
    setEvalCases(read.cases);
    setMessage({
      ok: true,
      text: [`${read.cases.length} ${read.cases.length === 1 ? 'case' : 'cases'} saved.`, ...read.notes].join(' '),
    });
  };

  return (
    <section aria-labelledby="eval-cases-title" className="flex flex-col gap-1">
      <h3 id="eval-cases-title" className="text-xs font-semibold uppercase">
        Test cases ({cases.length})
      </h3>
      <div data-testid="eval-cases-editor" className="h-72 overflow-hidden rounded-md border border-[var(--border)]">
        <MonacoEvalCasesEditor value={text} onChange={setText} readOnly={readOnly} onProblems={setProblems} />
      </div>
      <CaseProblems problems={problems} />
      {shown === 'cases' && message ? (
        <p role={message.ok ? 'status' : 'alert'} className={`text-xs ${message.ok ? 'muted' : 'text-role-error'}`}>
          {message.text}
        </p>
      ) : null}
      {shown === 'promptfoo' && promptfoo.report ? <PromptfooReport report={promptfoo.report} /> : null}
      <div className="flex flex-wrap gap-1 text-xs">
        <fieldset disabled={readOnly} className="contents">
          <button type="button" className="button" onClick={() => save(text)}>
            Save cases
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              const read = readEvalCases(text);
              const current = read.ok ? read.cases : cases;
              const added = starterCase(draft, offered, new Set(current.map((each) => each.id)));
              setEvalCases([...current, added]);
              setMessage({ ok: true, text: `Added ${added.id}: edit what it expects, then Save cases.` });
            }}
          >
            Add test case
          </button>
          <button type="button" className="button" onClick={() => file.current?.click()}>
            Import cases…
          </button>
        </fieldset>
        <input
          ref={file}
          type="file"
          hidden
          accept=".json,.jsonl,.yaml,.yml,application/json,application/yaml"
          aria-label="Eval cases file"
          onChange={async (event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (!chosen) return;
            const text = await chosen.text();
            // Read off the page's thread, within a time budget (a large YAML parse takes seconds).
            const read = await readCasesInWorker(text);
            if (read.kind === 'cases') return keep(read.read);
            setShown('promptfoo');
            promptfoo.importRead(read.read);
          }}
        />
        <button
          type="button"
          className="button"
          onClick={() => downloadText('eval-cases.json', serializeEvalCases(cases))}
        >
          Export cases
        </button>
        <button
          type="button"
          className="button"
          onClick={() => downloadText('eval-cases.jsonl', serializeEvalCasesJsonl(cases), 'application/jsonl')}
        >
          Export JSON Lines
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            setShown('promptfoo');
            const plan = promptfoo.exportPlan();
            // Something to confirm first (an address, a stranger's session): the dialog; else the file.
            if (plan.fromLink || plan.addresses.length > 0) setExportPlan(plan);
            else void promptfoo.exportConfig();
          }}
        >
          Export as promptfoo config
        </button>
        <PromptfooExportDialog
          plan={exportPlan}
          onClose={() => setExportPlan(undefined)}
          onExport={(confirmed) => {
            setExportPlan(undefined);
            void promptfoo.exportConfig(confirmed);
          }}
        />
      </div>
    </section>
  );
}
