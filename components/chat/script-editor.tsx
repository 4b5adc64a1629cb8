'use client';

import { firstIssue } from '@/lib/limits/first-issue';
import { useState } from 'react';
import { z } from 'zod';
import { scriptStepSchema, type ScriptStep } from '@/lib/shapes/run-settings';
import { DEFAULT_SCRIPT } from '@/lib/shapes/default-run-settings';
import { useSession, useSessionActions } from '../runtime/runtime-context';

function parseScript(text: string): { ok: true; script: ScriptStep[] } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = z.array(scriptStepSchema).max(100).safeParse(value);
  if (parsed.success) return { ok: true, script: parsed.data };
  const { where, why } = firstIssue(parsed.error, '0');
  const [step, ...field] = where.split('.');
  return { ok: false, message: `Step ${Number(step) + 1 || 1}: ${field.join('.') || 'step'} ${why}` };
}

/** The scripted model's steps as JSON: each model request replays the next one. */
export function ScriptEditor() {
  const script = useSession((state) => state.settings.script);
  const { updateSettings } = useSessionActions();
  const [text, setText] = useState(() => `${JSON.stringify(script ?? DEFAULT_SCRIPT, null, 2)}\n`);
  const parsed = parseScript(text);
  return (
    <div className="flex w-full flex-col gap-1">
      <textarea
        aria-label="Script"
        className="control h-28 font-mono text-xs"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const next = parseScript(event.target.value);
          if (next.ok) updateSettings({ script: next.script });
        }}
      />
      <p className={parsed.ok ? 'muted' : 'text-role-error'} role={parsed.ok ? undefined : 'alert'}>
        {parsed.ok
          ? `${parsed.script.length} steps. Each model request replays the next: [{ "text": …, "toolCalls": [{ "toolName": …, "input": {…} }] }]`
          : `${parsed.message} — the last valid script is used.`}
      </p>
    </div>
  );
}
