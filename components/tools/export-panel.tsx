'use client';

import { useState } from 'react';
import { exportToolList } from '@/lib/tools/formats/export-tool-list';
import { TOOL_FORMAT_IDS, TOOL_FORMATS, type ToolFormat } from '@/lib/shapes/tool-formats';
import { useToolSetCheck } from '../runtime/runtime-context';
import { downloadText } from '../ui/download-text';

/** The whole (valid) tool list in any supported format, to copy or download. */
export function ExportPanel({ onClose }: { onClose: () => void }) {
  const { tools } = useToolSetCheck();
  const [format, setFormat] = useState<ToolFormat>('openai-chat');
  const specs = tools.flatMap(({ check }) => (check.kind === 'valid' ? [check.spec] : []));
  const invalid = tools.length - specs.length;
  const text = exportToolList(specs, format);

  const download = () => downloadText(`tools.${format}.json`, text);

  return (
    <div className="flex flex-col gap-2 border-b border-[var(--border)] p-2 text-xs">
      <label className="flex items-center gap-2">
        Format
        <select
          aria-label="Format"
          className="control"
          value={format}
          onChange={(event) => setFormat(event.target.value as ToolFormat)}
        >
          {TOOL_FORMAT_IDS.map((id) => (
            <option key={id} value={id}>
              {TOOL_FORMATS[id].label}
            </option>
          ))}
        </select>
      </label>
      <textarea aria-label="Exported tools" readOnly className="control h-28 font-mono text-xs" value={text} />
      {invalid > 0 ? (
        <p className="text-role-call">
          {invalid} invalid tool{invalid === 1 ? ' is' : 's are'} left out until fixed.
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="button" className="button" onClick={() => void navigator.clipboard?.writeText(text)}>
          Copy
        </button>
        <button type="button" className="button" onClick={download}>
          Download
        </button>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
