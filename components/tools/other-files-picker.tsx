'use client';

import { useRef, useState } from 'react';
import { isCodeFile, OTHER_FILES_LIMITS, type OtherFiles } from '@/lib/tools/from-code/other-files';

/** A chosen file's path: its place in the folder when a folder was chosen, else its name. */
const pathOf = (file: File) => file.webkitRelativePath || file.name;

/**
 * `Tool from code`'s other files (MCP server code): the files the pasted code imports from, added
 * one by one or as a folder (its code files only, `node_modules` left out). Only what a tool's
 * definition uses is taken from them, and only in the sandbox.
 */
export function OtherFilesPicker({ files, onChange }: { files: OtherFiles; onChange: (files: OtherFiles) => void }) {
  const single = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const [skipped, setSkipped] = useState<string>();
  const paths = Object.keys(files).sort();

  const add = async (chosen: FileList | null) => {
    const all = [...(chosen ?? [])].filter((file) => !pathOf(file).split('/').includes('node_modules'));
    const code = all.filter((file) => isCodeFile(pathOf(file)));
    const fitting = code.filter((file) => file.size <= OTHER_FILES_LIMITS.chars);
    const room = Math.max(0, OTHER_FILES_LIMITS.files - paths.length);
    // Within the count and the total the reader takes (what is past them is left out and said).
    let total = Object.values(files).reduce((sum, text) => sum + text.length, 0);
    const taken = fitting.slice(0, room).filter((file) => {
      if (total + file.size > OTHER_FILES_LIMITS.totalChars) return false;
      total += file.size;
      return true;
    });
    const added = Object.fromEntries(await Promise.all(taken.map(async (file) => [pathOf(file), await file.text()])));
    const left = all.length - taken.length;
    setSkipped(
      left > 0
        ? `${left} of the ${all.length} chosen files were left out: only TypeScript and JavaScript files, at most ${OTHER_FILES_LIMITS.files} in all, each at most ${OTHER_FILES_LIMITS.chars / 1000} k characters, ${OTHER_FILES_LIMITS.totalChars / 1_000_000} M together.`
        : undefined,
    );
    onChange({ ...files, ...added });
  };
  const remove = (path: string) => {
    const { [path]: _gone, ...rest } = files;
    onChange(rest);
  };

  return (
    <section aria-label="Other files" className="flex flex-col gap-1 text-xs">
      <div className="flex flex-wrap items-center gap-1">
        <span className="muted">Files the code imports from (a server split over files):</span>
        <button type="button" className="button" onClick={() => single.current?.click()}>
          Add files
        </button>
        <button type="button" className="button" onClick={() => folder.current?.click()}>
          Add a folder
        </button>
        {paths.length > 0 ? (
          <button type="button" className="button" onClick={() => onChange({})}>
            Remove all files
          </button>
        ) : null}
        <input
          ref={single}
          type="file"
          multiple
          hidden
          aria-label="Files the code imports from"
          onChange={(event) => {
            void add(event.target.files);
            event.target.value = '';
          }}
        />
        <input
          ref={folder}
          type="file"
          multiple
          hidden
          aria-label="Folder the code imports from"
          {...{ webkitdirectory: '' }}
          onChange={(event) => {
            void add(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {skipped ? <p role="status">{skipped}</p> : null}
      {paths.length > 0 ? (
        <ul aria-label="Added files" className="flex max-h-24 flex-col overflow-auto">
          {paths.map((path) => (
            <li key={path} className="flex items-center gap-1">
              <code className="truncate">{path}</code>
              <button type="button" className="button" aria-label={`Remove ${path}`} onClick={() => remove(path)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
