'use client';

import { Editor } from '@monaco-editor/react';
import { useEffect, useState } from 'react';
import type { editor } from 'monaco-editor';
import { useSession, useToolSetCheck } from '../playground/runtime-context';
import { monaco, toolModelPath } from './monaco-setup';

const MARKER_OWNER = 'tool-check';

/** Monaco editing one tool's definition; every keystroke goes to the session store. */
export default function MonacoToolEditor({ toolId }: { toolId: string }) {
  const source = useSession((state) => state.tools.find((tool) => tool.id === toolId)?.source ?? '');
  const updateToolSource = useSession((state) => state.updateToolSource);
  const check = useToolSetCheck().tools.find((tool) => tool.draft.id === toolId)?.check;
  const [instance, setInstance] = useState<editor.IStandaloneCodeEditor>();
  const [dark] = useState(() => window.matchMedia('(prefers-color-scheme: dark)').matches);

  useEffect(() => {
    // Ajv's findings (what the JSON language service cannot know) as inline markers.
    const model = instance?.getModel();
    if (!model || model.uri.path !== `/${toolModelPath(toolId)}`) return;
    const problems = check?.kind === 'invalid' ? check.problems.filter((problem) => !problem.message.startsWith('Invalid JSON')) : [];
    monaco.editor.setModelMarkers(
      model,
      MARKER_OWNER,
      problems.map((problem) => {
        const start = model.getPositionAt(problem.offset);
        const end = model.getPositionAt(problem.offset + problem.length);
        return {
          severity: monaco.MarkerSeverity.Error,
          message: problem.message,
          startLineNumber: start.lineNumber,
          startColumn: start.column,
          endLineNumber: end.lineNumber,
          endColumn: end.column,
        };
      }),
    );
  }, [instance, check, toolId]);

  return (
    <Editor
      path={toolModelPath(toolId)}
      language="json"
      value={source}
      theme={dark ? 'vs-dark' : 'vs'}
      onChange={(value) => updateToolSource(toolId, value ?? '')}
      onMount={setInstance}
      loading={<p className="muted p-3 text-sm">Loading editor…</p>}
      options={{
        ariaLabel: 'Tool definition',
        minimap: { enabled: false },
        fontSize: 12,
        tabSize: 2,
        scrollBeyondLastLine: false,
        automaticLayout: true,
        fixedOverflowWidgets: true,
        wordWrap: 'on',
      }}
    />
  );
}
