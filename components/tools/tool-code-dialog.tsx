'use client';

import { useState } from 'react';
import type { WrittenTool } from '@/lib/shapes/tool-from-code';
import type { ToolSpec } from '@/lib/shapes/tool-spec';
import { exportToolList } from '@/lib/tools/formats/export-tool-list';
import { writePythonTool } from '@/lib/tools/from-code/write-python-tool';
import { writeZodTool } from '@/lib/tools/from-code/write-zod-tool';
import { Dialog } from '../ui/dialog';
import { Tabs } from '../ui/tabs';

const CODE_TABS = ['typescript', 'python', 'openai-chat', 'anthropic', 'gemini', 'mcp'] as const;
type CodeTab = (typeof CODE_TABS)[number];
const TAB_LABELS: Record<CodeTab, string> = {
  typescript: 'TypeScript (AI SDK)',
  python: 'Python (LangChain)',
  'openai-chat': 'OpenAI',
  anthropic: 'Anthropic',
  gemini: 'Gemini',
  mcp: 'MCP',
};

function codeFor(tab: CodeTab, spec: ToolSpec): WrittenTool {
  const definition = { name: spec.name, description: spec.description, parameters: spec.inputSchema };
  if (tab === 'typescript') return writeZodTool(definition);
  if (tab === 'python') return writePythonTool(definition);
  return { code: exportToolList([spec], tab), notes: [] };
}

/**
 * "Tool code": the selected tool as code to paste into an app — an AI SDK `tool()` with its zod
 * schema, LangChain Python, and the provider JSON formats — each reading back to this schema.
 */
export function ToolCodeDialog({
  spec,
  open,
  onOpenChange,
}: {
  spec: ToolSpec;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [tab, setTab] = useState<CodeTab>('typescript');
  const [copied, setCopied] = useState(false);
  const { code, notes } = open ? codeFor(tab, spec) : { code: '', notes: [] };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Tool code"
      description={`${spec.name} as code for your app: read back, each gives this tool's schema.`}
      className="w-[min(56rem,calc(100vw-1rem))]"
    >
      <Tabs
        label="Code for"
        tabs={CODE_TABS}
        labels={TAB_LABELS}
        current={tab}
        onChange={(next) => {
          setTab(next);
          setCopied(false);
        }}
        panelClassName="mt-2 flex flex-col gap-2"
      >
        {notes.length > 0 ? (
          <ul aria-label="What this code cannot say exactly" className="text-xs text-[var(--muted)]">
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        ) : null}
        <pre
          role="region"
          tabIndex={0}
          aria-label={`${TAB_LABELS[tab]} code`}
          className="code max-h-[60vh] overflow-auto rounded border border-[var(--border)] p-2 text-xs"
        >
          {code}
        </pre>
        <div className="flex items-center gap-2 text-xs">
          <button
            type="button"
            className="button"
            onClick={() =>
              navigator.clipboard.writeText(code).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            Copy
          </button>
          {copied ? <span role="status">Copied.</span> : null}
        </div>
      </Tabs>
    </Dialog>
  );
}
