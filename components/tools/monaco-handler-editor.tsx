'use client';

import { DARK_QUERY, useMediaQuery } from '../ui/use-media-query';
import { Editor } from '@monaco-editor/react';
import './monaco-setup';

/** Monaco editing a JavaScript handler's function body. */
export default function MonacoHandlerEditor({
  toolId,
  code,
  onChange,
}: {
  toolId: string;
  code: string;
  onChange: (code: string) => void;
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
        ariaLabel: 'Handler code',
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
