'use client';

import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import { CODE_LANGUAGES, type CodeLanguage, type ToolsFromCode } from '@/lib/shapes/tool-from-code';
import { CODE_EXAMPLES } from '@/lib/tools/from-code/code-examples';
import { useSessionActions } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';
import { readToolsFromCode, warmPythonReader, warmReadersFromCode } from './read-tools-from-code';
import { OtherFilesPicker } from './other-files-picker';
import type { OtherFiles } from '@/lib/tools/from-code/other-files';

/** The person is reaching for the dialog (a pointer over its button, or focus): its first reader starts loading. */
export const prepareToolFromCode = warmPythonReader;

const CodeEditor = dynamic(() => import('./monaco-handler-editor'), {
  ssr: false,
  loading: () => <p className="muted p-2 text-sm">Loading editor…</p>,
});

const EDITOR_LANGUAGE = { typescript: 'typescript', zod: 'typescript', python: 'python', pydantic: 'python' } as const;
/** How long typing pauses before the preview reads the code again (opening and switching language read at once). */
const READ_DELAY_MS = 300;

type Preview = { kind: 'reading' } | { kind: 'read'; result: ToolsFromCode } | { kind: 'failed'; message: string };

/** The tools the code defines, read again as it changes: at once on opening or a new language, after a pause while typing. */
function useCodePreview(open: boolean, language: CodeLanguage, code: string, otherFiles: OtherFiles): Preview {
  const [preview, setPreview] = useState<Preview>({ kind: 'reading' });
  // What was last read: a change of the code alone is typing (read after a pause), anything else is read at once.
  const lastRead = useRef<{ open: boolean; language: CodeLanguage }>(undefined);

  // Reading the code talks to parsers and the sandbox outside React: an effect, cancelled when the code changes.
  useEffect(() => {
    if (!open) {
      lastRead.current = undefined;
      return;
    }
    const typing = lastRead.current?.language === language;
    lastRead.current = { open, language };
    const controller = new AbortController();
    setPreview({ kind: 'reading' });
    const timer = setTimeout(
      () => {
        readToolsFromCode(language, code, controller.signal, language === 'zod' ? otherFiles : {}).then(
          (result) => controller.signal.aborted || setPreview({ kind: 'read', result }),
          (error: unknown) =>
            controller.signal.aborted ||
            setPreview({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
        );
      },
      typing ? READ_DELAY_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, language, code, otherFiles]);

  // Once the first preview is drawn and the page is idle, the other languages' readers load too.
  const firstRead = preview.kind !== 'reading';
  useEffect(() => {
    if (!open || !firstRead) return;
    const warm = () => warmReadersFromCode();
    if (typeof window.requestIdleCallback !== 'function') return void window.setTimeout(warm, 200);
    const handle = window.requestIdleCallback(warm, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }, [open, firstRead]);

  return preview;
}

/** What the code defines: each tool's JSON with what JSON Schema cannot say, or where the code is wrong. */
function CodePreview({ preview }: { preview: Preview }) {
  const result = preview.kind === 'read' ? preview.result : undefined;
  const tools = result?.ok ? result.tools : [];
  return (
    <section aria-label="Preview" className="flex h-[min(26rem,50vh)] min-w-0 flex-col gap-1 overflow-auto text-xs">
      {preview.kind === 'reading' ? <p className="muted">Reading the code…</p> : null}
      {preview.kind === 'failed' ? (
        <p role="alert" className="text-role-error">
          {preview.message}
        </p>
      ) : null}
      {result && !result.ok ? (
        <p role="alert" className="text-role-error">
          Line {result.problem.line}, column {result.problem.column}: {result.problem.message} Nothing was created; the
          code is kept.
        </p>
      ) : null}
      {result?.ok ? (
        <>
          <p role="status">
            {tools.length === 0
              ? 'No tools in this code.'
              : `${tools.length} tool${tools.length === 1 ? '' : 's'}: ${tools.map((tool) => tool.definition.name).join(', ')}`}
          </p>
          {result.notes.length > 0 ? (
            <ul className="muted list-disc pl-4">
              {result.notes.map((note, index) => (
                <li key={index}>{note}</li>
              ))}
            </ul>
          ) : null}
          {tools.map((tool) => (
            <article
              key={tool.definition.name}
              aria-label={`Tool JSON ${tool.definition.name}`}
              className="flex flex-col gap-1"
            >
              {tool.notes.length > 0 ? (
                <ul aria-label={`Notes on ${tool.definition.name}`} className="list-disc pl-4 text-role-call">
                  {tool.notes.map((note, index) => (
                    <li key={index}>{note}</li>
                  ))}
                </ul>
              ) : null}
              <pre className="code overflow-auto rounded border border-[var(--border)] p-2">
                {JSON.stringify(tool.definition, null, 2)}
              </pre>
            </article>
          ))}
        </>
      ) : null}
    </section>
  );
}

/**
 * "Tool from code": a function, a zod `tool()` or a Pydantic model pasted in, the tools it
 * defines previewed as JSON as it is typed (with what JSON Schema cannot say), then created.
 */
export default function ToolFromCodeDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { addTools } = useSessionActions();
  const [language, setLanguage] = useState<CodeLanguage>('python');
  const [codes, setCodes] = useState<Record<CodeLanguage, string>>(CODE_EXAMPLES);
  const [otherFiles, setOtherFiles] = useState<OtherFiles>({});
  const code = codes[language];
  const preview = useCodePreview(open, language, code, otherFiles);

  const result = preview.kind === 'read' ? preview.result : undefined;
  const tools = result?.ok ? result.tools : [];
  const create = () => {
    addTools(
      tools.map((tool) => ({
        definition: tool.definition,
        run: { kind: 'mock', result: '{\n  "ok": true\n}\n' },
        notes: tool.notes,
      })),
    );
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Tool from code"
      description="Paste the functions, zod tools, MCP servers (registerTool) or Pydantic models you already have; each becomes a tool with the schema LangChain, the AI SDK or the MCP SDK would send. Nothing of it runs here, except a zod paste, which runs in the handler sandbox."
      className="w-[min(64rem,calc(100vw-1rem))]"
    >
      <div className="flex flex-col gap-2 text-sm">
        <label className="flex items-center gap-2">
          <span className="muted">Language</span>
          <select
            aria-label="Language"
            className="control"
            value={language}
            onChange={(event) => setLanguage(event.target.value as CodeLanguage)}
          >
            {(Object.keys(CODE_LANGUAGES) as CodeLanguage[]).map((each) => (
              <option key={each} value={each}>
                {CODE_LANGUAGES[each]}
              </option>
            ))}
          </select>
        </label>
        <div className="grid min-h-0 gap-2 md:grid-cols-2">
          <div role="group" aria-label="Code" className="h-[min(26rem,50vh)] border border-[var(--border)]">
            <CodeEditor
              toolId={`from-code-${language}`}
              code={code}
              language={EDITOR_LANGUAGE[language]}
              lineNumbers="on"
              label="Code"
              onChange={(next) => setCodes((all) => ({ ...all, [language]: next }))}
            />
          </div>
          <CodePreview preview={preview} />
        </div>
        {language === 'zod' ? <OtherFilesPicker files={otherFiles} onChange={setOtherFiles} /> : null}
        <div className="flex gap-2">
          <button type="button" className="button button-primary" disabled={tools.length === 0} onClick={create}>
            Create tool
          </button>
        </div>
      </div>
    </Dialog>
  );
}
