'use client';

import { useMemo, useRef, useState } from 'react';
import { markChangedFiles, type FileChangeMark } from '@/lib/agent/track-file-changes';
import { buildFileTree } from '@/lib/sandbox/file-tree';
import type { SandboxFiles } from '@/lib/shapes/sandbox-status';
import { useRuntime, useSession, useSessionActions } from '../runtime/runtime-context';
import { FileEditor } from './file-editor';
import { useSandboxFiles } from './use-sandbox-files';

/** Largest file an upload accepts; the sandbox holds text for tools to read. */
const MAX_UPLOAD_BYTES = 1_000_000;

const CHANGE_WORDS: Record<FileChangeMark['type'], string> = {
  FileCreated: 'created',
  FileModified: 'modified',
  FileDeleted: 'deleted',
};
const CHANGE_MARKS: Record<FileChangeMark['type'], string> = { FileCreated: '+', FileModified: '~', FileDeleted: '−' };
const describeMark = (mark: FileChangeMark) => `${CHANGE_WORDS[mark.type]} by ${mark.toolName} (${mark.toolCallId})`;

/** The files as a tree, each the run changed marked with what and which call; deleted ones struck through. */
function FileTree({ files }: { files: SandboxFiles }) {
  const messages = useSession((state) => state.messages);
  const openFilePath = useSession((state) => state.openFilePath);
  const { openFile } = useSessionActions();
  const rows = useMemo(() => buildFileTree(files), [files]);
  const marks = useMemo(() => markChangedFiles(messages), [messages]);
  const deleted = [...marks.values()].filter((mark) => mark.type === 'FileDeleted' && !Object.hasOwn(files, mark.path));
  return (
    <ul aria-label="Sandbox files" className="min-h-0 flex-1 overflow-auto px-2 pb-2 font-mono text-xs">
      {rows.map((row) => {
        const mark = marks.get(row.path);
        const label = mark ? `${row.path} (${describeMark(mark)})` : row.path;
        return (
          <li key={row.path} style={{ paddingLeft: `${row.depth * 12}px` }}>
            {row.kind === 'directory' ? (
              <span className="muted">{row.name}/</span>
            ) : (
              <button
                type="button"
                aria-label={label}
                aria-current={row.path === openFilePath ? 'true' : undefined}
                title={mark ? describeMark(mark) : `${row.sizeBytes} bytes`}
                className={`flex w-full items-center gap-1 rounded px-1 text-left hover:bg-[var(--hover)] ${row.path === openFilePath ? 'bg-[var(--selected)]' : ''}`}
                onClick={() => openFile(row.path)}
              >
                <span className="truncate">{row.name}</span>
                {mark ? (
                  <span className="file-mark">
                    {CHANGE_MARKS[mark.type]} {mark.toolName}
                  </span>
                ) : null}
              </button>
            )}
          </li>
        );
      })}
      {deleted.map((mark) => (
        <li
          key={`deleted:${mark.path}`}
          title={describeMark(mark)}
          aria-label={`${mark.path} (${describeMark(mark)})`}
          className="muted line-through"
        >
          {mark.path}
        </li>
      ))}
    </ul>
  );
}

/** `New file path`, with Create and Cancel. */
function NewFileForm({
  path,
  onChange,
  onCreate,
}: {
  path: string;
  onChange: (path: string | undefined) => void;
  onCreate: () => void;
}) {
  return (
    <form
      className="flex gap-1 px-3 pb-1"
      onSubmit={(event) => {
        event.preventDefault();
        onCreate();
      }}
    >
      <input
        aria-label="New file path"
        className="control min-w-0 flex-1"
        placeholder="notes/todo.md"
        value={path}
        autoFocus
        onChange={(event) => onChange(event.target.value)}
      />
      <button type="submit" className="button">
        Create
      </button>
      <button type="button" className="button" onClick={() => onChange(undefined)}>
        Cancel
      </button>
    </form>
  );
}

/**
 * The sandbox's files (UI contract: region "Files"): a tree with the files the run changed
 * marked, a file open for editing, upload, download, new file, and reset to the starting
 * files (undoable).
 */
export function FilesPane() {
  const files = useSession((state) => state.files);
  const openFilePath = useSession((state) => state.openFilePath);
  const readOnly = useSession((state) => state.readOnly);
  const { openFile } = useSessionActions();
  const { store } = useRuntime();
  const actions = useSandboxFiles();
  const [notice, setNotice] = useState<{ text: string; undo?: SandboxFiles } | undefined>();
  const [newPath, setNewPath] = useState<string | undefined>();
  const upload = useRef<HTMLInputElement>(null);

  const report = (text: string, undo?: SandboxFiles) => setNotice({ text, undo });

  const uploadFiles = async (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    const tooBig = chosen.filter((file) => file.size > MAX_UPLOAD_BYTES);
    const fitting = chosen.filter((file) => file.size <= MAX_UPLOAD_BYTES);
    for (const file of fitting) await actions.write(file.name, await file.text());
    report(
      [
        fitting.length > 0 ? `Uploaded ${fitting.map((file) => file.name).join(', ')}.` : '',
        tooBig.length > 0 ? `Not uploaded (over 1 MB): ${tooBig.map((file) => file.name).join(', ')}.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
    if (upload.current) upload.current.value = '';
  };

  const createFile = async () => {
    if (newPath === undefined) return;
    const result = await actions.write(newPath.trim(), '', { mustBeNew: true });
    if (result.ok) {
      openFile(result.path);
      setNewPath(undefined);
      setNotice(undefined);
    } else report(result.message);
  };

  const reset = async () => {
    const before = store.getState().files;
    await actions.reset();
    report('Files reset to the starting files.', before);
  };

  return (
    <section aria-label="Files" className="flex min-h-0 flex-col">
      <div className="flex flex-wrap items-center gap-1 px-3 py-1">
        <span className="muted text-xs">{Object.keys(files).length} files</span>
        <fieldset disabled={readOnly} className="ml-auto flex gap-1">
          <button type="button" className="button" onClick={() => setNewPath('')}>
            New file
          </button>
          <button type="button" className="button" onClick={() => upload.current?.click()}>
            Upload files
          </button>
          <input
            ref={upload}
            type="file"
            multiple
            hidden
            aria-label="Files to upload"
            onChange={(event) => void uploadFiles(event.target.files)}
          />
          <button type="button" className="button" onClick={() => void reset()}>
            Reset files
          </button>
        </fieldset>
      </div>
      {newPath !== undefined && !readOnly ? (
        <NewFileForm path={newPath} onChange={setNewPath} onCreate={() => void createFile()} />
      ) : null}
      {notice ? (
        <p role="status" className="px-3 pb-1 text-xs">
          {notice.text}{' '}
          {notice.undo ? (
            <button
              type="button"
              className="underline"
              onClick={() => {
                void actions.replaceAll(notice.undo!);
                setNotice(undefined);
              }}
            >
              Undo
            </button>
          ) : null}
        </p>
      ) : null}
      <FileTree files={files} />
      {openFilePath !== undefined && Object.hasOwn(files, openFilePath) ? (
        <FileEditor
          key={openFilePath}
          path={openFilePath}
          content={files[openFilePath]}
          onDeleted={() => report(`Deleted ${openFilePath}.`, files)}
        />
      ) : null}
    </section>
  );
}
