'use client';

import { useState } from 'react';
import { useSession, useSessionActions } from '../runtime/runtime-context';
import { downloadText } from '../ui/download-text';
import { useSandboxFiles } from './use-sandbox-files';

/** The open file: its text, editable; Save writes it into the sandbox. */
export function FileEditor({ path, content, onDeleted }: { path: string; content: string; onDeleted: () => void }) {
  const { openFile } = useSessionActions();
  const readOnly = useSession((state) => state.readOnly);
  const actions = useSandboxFiles();
  const [draft, setDraft] = useState(content);
  const [savedContent, setSavedContent] = useState(content);
  const edited = draft !== savedContent;
  // The sandbox changed the file (a tool call) while it was open and unedited: show the new text.
  if (!edited && content !== savedContent) {
    setDraft(content);
    setSavedContent(content);
  }
  const changedUnderneath = edited && content !== savedContent;

  return (
    <div className="flex max-h-[55%] min-h-32 flex-col border-t border-[var(--border)]">
      <div className="flex items-center gap-1 px-3 py-1 text-xs">
        <span className="truncate font-mono font-semibold" title={path}>
          {path}
          {edited ? ' •' : ''}
        </span>
        <button
          type="button"
          className="button ml-auto"
          disabled={!edited || readOnly}
          onClick={() => void actions.write(path, draft).then(() => setSavedContent(draft))}
        >
          Save
        </button>
        <button
          type="button"
          className="button"
          disabled={!edited}
          onClick={() => {
            setDraft(content);
            setSavedContent(content);
          }}
        >
          Revert
        </button>
        <button
          type="button"
          className="button"
          onClick={() => downloadText(path.split('/').at(-1) ?? 'file.txt', draft, 'text/plain')}
        >
          Download
        </button>
        <button
          type="button"
          className="button"
          disabled={readOnly}
          onClick={() => void actions.remove(path).then(onDeleted)}
        >
          Delete file
        </button>
        <button type="button" className="button" aria-label="Close file" onClick={() => openFile(undefined)}>
          ×
        </button>
      </div>
      {changedUnderneath ? (
        <p role="status" className="px-3 pb-1 text-xs text-warning">
          A tool call changed this file since you started editing; Save overwrites its change, Revert takes it.
        </p>
      ) : null}
      <textarea
        aria-label={`Content of ${path}`}
        className="code min-h-0 flex-1 resize-none border-0 font-mono text-xs"
        spellCheck={false}
        readOnly={readOnly}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if ((event.ctrlKey || event.metaKey) && event.key === 's') {
            event.preventDefault();
            if (edited) void actions.write(path, draft).then(() => setSavedContent(draft));
          }
        }}
      />
    </div>
  );
}
