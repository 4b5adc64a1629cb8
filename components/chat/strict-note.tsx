'use client';

import { supports } from '@/lib/providers/model-capabilities';
import { strictModeProblems } from '@/lib/tools/lint/lint-rules';
import { useSession, useToolSetCheck } from '../runtime/runtime-context';

/**
 * For OpenAI: which tools go out strict (arguments guaranteed to match) and, for the others,
 * the first thing strict mode cannot take — the Tools pane's OpenAI check fixes them.
 */
export function StrictNote() {
  const settings = useSession((state) => state.settings);
  const { runnable } = useToolSetCheck();
  if (settings.provider !== 'openai' || !supports(settings, 'strictSchemas') || runnable.length === 0) return null;
  const loose = runnable
    .map(({ spec }) => ({
      name: spec.name,
      problem: strictModeProblems({ name: spec.name, description: spec.description, parameters: spec.inputSchema })[0],
    }))
    .filter((entry) => entry.problem !== undefined);
  return (
    <p role="note" aria-label="Strict schemas" className="muted text-xs">
      Strict schemas: {runnable.length - loose.length} of {runnable.length} tools
      {loose.length > 0
        ? ` — not ${loose.map((entry) => `${entry.name} (${entry.problem?.message})`).join('; ')} Check against “OpenAI” in Tools to fix.`
        : ' — every call’s arguments are guaranteed to match.'}
    </p>
  );
}
