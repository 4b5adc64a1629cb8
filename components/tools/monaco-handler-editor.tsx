'use client';

import { DARK_QUERY, useMediaQuery } from '../ui/use-media-query';
import { Editor } from '@monaco-editor/react';
import './monaco-setup';

/** Monaco editing a JavaScript function body (a handler's, or an interceptor's). */
export default function MonacoHandlerEditor({
  toolId,
  code,
  onChange,
  label = 'Handler code',
}: {
  toolId: string;
  code: string;
  onChange: (code: string) => void;
  /** The editor's accessible name. */
  label?: string;
}) {
  const dark = useMediaQuery(DARK_QUERY);
  return (
    <Editor
      path={`handlers/${toolId}.js`}
      language="javascript"
      value={code}
      theme={dark ? 'vs-dark' : 'vs'}
      onChange={(value) => onChange(value ?? '')}
      options={{
        ariaLabel: label,
        minimap: { enabled: false },
        fontSize: 12,
        tabSize: 2,
        lineNumbers: 'off',
        scrollBeyondLastLine: false,
        automaticLayout: true,
      }}
    />
  );
}
