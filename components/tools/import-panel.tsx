'use client';

import { useState } from 'react';
import { importToolList } from '@/lib/tools/formats/import-tool-list';
import { TOOL_FORMATS } from '@/lib/shapes/tool-formats';
import { useSession } from '../runtime/runtime-context';

type Report = { kind: 'ok'; text: string; notes: string[] } | { kind: 'error'; text: string };

/** Paste or drop a tool list in any supported format; what cannot be read is said, and kept. */
export function ImportPanel({ onClose }: { onClose: () => void }) {
  const addTools = useSession((state) => state.addTools);
  const [text, setText] = useState('');
  const [report, setReport] = useState<Report>();

  const runImport = () => {
    const result = importToolList(text);
    if (!result.ok) {
      setReport({ kind: 'error', text: result.message });
      return;
    }
    addTools(
      result.tools.map((tool) => ({
        definition: tool.definition,
        run: { kind: 'mock', result: '{\n  "ok": true\n}\n' },
      })),
    );
    const formats = [...new Set(result.tools.map((tool) => TOOL_FORMATS[tool.format].label))].join(', ');
    const notes = [
      ...result.tools.flatMap((tool) => tool.notes.map((note) => `${tool.definition.name}: ${note}`)),
      ...result.skipped,
    ];
    setReport({
      kind: 'ok',
      text: `Imported ${result.tools.length} tool${result.tools.length === 1 ? '' : 's'} (${formats}). They answer with a mock result until you choose how they run.`,
      notes,
    });
    setText('');
  };

  return (
    <div className="flex flex-col gap-2 border-b border-[var(--border)] p-2 text-xs">
      <textarea
        aria-label="Tools to import"
        className="control h-28 font-mono text-xs"
        placeholder="Paste or drop tools: OpenAI, Anthropic, Gemini, MCP tools/list, JSON Schema…"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onDrop={(event) => {
          const file = event.dataTransfer.files[0];
          if (!file) return;
          event.preventDefault();
          void file.text().then(setText);
        }}
      />
      <div className="flex gap-2">
        <button type="button" className="button button-primary" disabled={!text.trim()} onClick={runImport}>
          Import
        </button>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
      {report ? (
        <div
          role={report.kind === 'error' ? 'alert' : 'status'}
          className={report.kind === 'error' ? 'text-role-error' : 'text-role-result'}
        >
          <p>{report.text}</p>
          {report.kind === 'ok' && report.notes.length > 0 ? (
            <ul className="muted mt-1 max-h-24 list-disc overflow-auto pl-4">
              {report.notes.map((note, index) => (
                <li key={index}>{note}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
