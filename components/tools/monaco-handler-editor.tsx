'use client';

import { DARK_QUERY, useMediaQuery } from '../ui/use-media-query';
import { Editor } from '@monaco-editor/react';
import { editorTheme } from '../runtime/monaco-setup';

/** Monaco editing code: a JavaScript function body (a handler's, an interceptor's), or a paste for `Tool from code`. */
export default function MonacoHandlerEditor({
  toolId,
  code,
  onChange,
  label = 'Handler code',
  language = 'javascript',
  lineNumbers = 'off',
}: {
  toolId: string;
  code: string;
  onChange: (code: string) => void;
  /** The editor's accessible name. */
  label?: string;
  language?: 'javascript' | 'typescript' | 'python';
  lineNumbers?: 'on' | 'off';
}) {
  const dark = useMediaQuery(DARK_QUERY);
  return (
    <Editor
      path={`handlers/${toolId}.${{ javascript: 'js', typescript: 'ts', python: 'py' }[language]}`}
      language={language}
      value={code}
      theme={editorTheme(dark)}
      onChange={(value) => onChange(value ?? '')}
      options={{
        ariaLabel: label,
        minimap: { enabled: false },
        fontSize: 12,
        tabSize: 2,
        lineNumbers,
        scrollBeyondLastLine: false,
        automaticLayout: true,
        renderFinalNewline: 'on',
      }}
    />
  );
}
