'use client';

import { Editor } from '@monaco-editor/react';
import type { editor } from 'monaco-editor';
import { useEffect, useState } from 'react';
import { EVAL_CASES_SCHEMA_URI, evalCasesJsonSchema } from '@/lib/evals/eval-cases-json-schema';
import { EDITOR_OPTIONS, editorTheme, monaco } from '../runtime/monaco-setup';
import { DARK_QUERY, useMediaQuery } from '../ui/use-media-query';

const MODEL_PATH = 'evals/cases.json';

// The case file's schema joins the JSON language service's (the tool definition's stays).
const diagnostics = monaco.json.jsonDefaults.diagnosticsOptions;
monaco.json.jsonDefaults.setDiagnosticsOptions({
  ...diagnostics,
  schemas: [
    ...(diagnostics.schemas ?? []).filter((schema) => schema.uri !== EVAL_CASES_SCHEMA_URI),
    { uri: EVAL_CASES_SCHEMA_URI, fileMatch: ['evals/*.json'], schema: evalCasesJsonSchema() },
  ],
});

/** A problem the editor marks in the cases, by line. */
export type CaseProblem = { line: number; message: string };

/**
 * Monaco editing the eval cases as JSON, checked against the case schema as the person types
 * (completions, hovers, squiggles); `onProblems` hears each marked problem with its line.
 */
export default function MonacoEvalCasesEditor({
  value,
  onChange,
  readOnly,
  onProblems,
}: {
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  onProblems: (problems: CaseProblem[]) => void;
}) {
  const dark = useMediaQuery(DARK_QUERY);
  const [instance, setInstance] = useState<editor.IStandaloneCodeEditor>();
  useEffect(() => {
    const model = instance?.getModel();
    if (!model) return;
    const report = () =>
      onProblems(
        monaco.editor
          .getModelMarkers({ resource: model.uri })
          .filter((marker) => marker.severity >= monaco.MarkerSeverity.Warning)
          .map((marker) => ({ line: marker.startLineNumber, message: marker.message })),
      );
    report();
    const listener = monaco.editor.onDidChangeMarkers((uris) => {
      if (uris.some((uri) => uri.toString() === model.uri.toString())) report();
    });
    return () => listener.dispose();
  }, [instance, onProblems]);
  return (
    <Editor
      path={MODEL_PATH}
      language="json"
      value={value}
      theme={editorTheme(dark)}
      onChange={(next) => onChange(next ?? '')}
      onMount={setInstance}
      loading={<p className="muted p-3 text-sm">Loading editor…</p>}
      options={{
        ...EDITOR_OPTIONS,
        ariaLabel: 'Eval cases',
        readOnly,
        readOnlyMessage: { value: 'A shared session is read-only: press “Fork to edit” to change it.' },
      }}
    />
  );
}
