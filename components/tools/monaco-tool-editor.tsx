'use client';

import { DARK_QUERY, useMediaQuery } from '../ui/use-media-query';
import { Editor } from '@monaco-editor/react';
import { useEffect, useState } from 'react';
import type { editor } from 'monaco-editor';
import { parseTree } from 'jsonc-parser';
import type { LintFinding } from '@/lib/tools/lint/lint-rules';
import { LINT_TARGET_LABELS } from '@/lib/tools/lint/lint-target';
import { locateJsonPath } from '@/lib/tools/locate-json-path';
import { useSession, useToolSetCheck } from '../runtime/runtime-context';
import { EDITOR_OPTIONS, editorTheme, monaco, toolModelPath } from '../runtime/monaco-setup';
import { useTokenInlayHints } from './use-token-inlay-hints';

const MARKER_OWNER = 'tool-check';

/** Monaco editing one tool's definition; every keystroke goes to the session store. */
export default function MonacoToolEditor({ toolId, findings }: { toolId: string; findings: LintFinding[] }) {
  const source = useSession((state) => state.tools.find((tool) => tool.id === toolId)?.source ?? '');
  const updateToolSource = useSession((state) => state.updateToolSource);
  const check = useToolSetCheck().tools.find((tool) => tool.draft.id === toolId)?.check;
  const [instance, setInstance] = useState<editor.IStandaloneCodeEditor>();
  const sessionReadOnly = useSession((state) => state.readOnly);
  // An MCP tool's definition is its server's: it changes through "Copy as editable tool".
  const fromMcp = useSession((state) => state.tools.find((tool) => tool.id === toolId)?.run.kind === 'mcp');
  const readOnly = sessionReadOnly || fromMcp;
  const dark = useMediaQuery(DARK_QUERY);
  useTokenInlayHints(instance, toolId, check);

  useEffect(() => {
    // Ajv's findings (what the JSON language service cannot know) as inline markers.
    const model = instance?.getModel();
    if (!model || model.uri.path !== `/${toolModelPath(toolId)}`) return;
    const problems =
      check?.kind === 'invalid' ? check.problems.filter((problem) => !problem.message.startsWith('Invalid JSON')) : [];
    const tree = check?.kind === 'valid' ? parseTree(model.getValue()) : undefined;
    const marks = [
      ...problems.map((problem) => ({ ...problem, severity: monaco.MarkerSeverity.Error })),
      ...(tree && check?.kind === 'valid'
        ? findings.map((finding) => ({
            message: `${LINT_TARGET_LABELS[finding.target]}: ${finding.message}`,
            severity: finding.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
            ...locateJsonPath(
              tree,
              finding.path[0] === 'parameters' ? [check.schemaKey, ...finding.path.slice(1)] : finding.path,
            ),
          }))
        : []),
    ];
    monaco.editor.setModelMarkers(
      model,
      MARKER_OWNER,
      marks.map((mark) => {
        const start = model.getPositionAt(mark.offset);
        const end = model.getPositionAt(mark.offset + mark.length);
        return {
          severity: mark.severity,
          message: mark.message,
          startLineNumber: start.lineNumber,
          startColumn: start.column,
          endLineNumber: end.lineNumber,
          endColumn: end.column,
        };
      }),
    );
  }, [instance, check, findings, toolId]);

  return (
    <Editor
      // A new editor when read-only changes: the wrapper writes a read-only editor's new value into
      // the model still shown (firing onChange for the tool being left) before it switches models.
      key={readOnly ? 'read-only' : 'editable'}
      path={toolModelPath(toolId)}
      language="json"
      value={source}
      theme={editorTheme(dark)}
      onChange={(value) => updateToolSource(toolId, value ?? '')}
      onMount={setInstance}
      loading={<p className="muted p-3 text-sm">Loading editor…</p>}
      options={{
        ...EDITOR_OPTIONS,
        ariaLabel: 'Tool definition',
        wordWrap: 'on',
        readOnly,
        readOnlyMessage: {
          value: fromMcp
            ? 'This definition is the MCP server’s: use “Copy as editable tool” to change a copy.'
            : 'A shared session is read-only: press “Fork to edit” to change it.',
        },
      }}
    />
  );
}
