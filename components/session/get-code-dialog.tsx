'use client';

import { useState } from 'react';
import { CODE_LANGUAGE_LABELS, CODE_LANGUAGES, getCode, type CodeLanguage } from '@/lib/interop/get-code';
import { buildNextRequest } from '@/lib/wire/extract-wire-steps';
import { useRuntime, useToolSetCheck } from '../playground/runtime-context';
import { Tabs } from '../ui/tabs';

/** "Get code": the next request as TypeScript (AI SDK), Python (the provider's SDK) or curl; keys as environment variables. */
export function GetCodeDialog() {
  const { store } = useRuntime();
  const { runnable } = useToolSetCheck();
  const [language, setLanguage] = useState<CodeLanguage | undefined>();
  const result = (() => {
    if (!language) return { ok: true as const, code: '' };
    const { messages, settings, draft } = store.getState();
    const request = buildNextRequest(
      messages,
      settings,
      runnable.map((tool) => tool.spec),
    );
    if (draft.trim()) request.messages.push({ role: 'user', text: draft });
    return getCode(language, request, settings);
  })();
  return (
    <div className="relative">
      <button type="button" className="button" onClick={() => setLanguage(language ? undefined : 'typescript')}>
        Get code
      </button>
      {language ? (
        <div
          role="dialog"
          aria-label="Get code"
          className="absolute left-0 top-8 z-50 flex max-h-[70vh] w-[640px] flex-col gap-1 rounded-md border border-[var(--border)] bg-[var(--panel)] p-2 text-xs shadow-lg"
        >
          <div className="flex items-center gap-1">
            <Tabs
              label="Language"
              tabs={CODE_LANGUAGES}
              labels={CODE_LANGUAGE_LABELS}
              current={language}
              onChange={setLanguage}
            />
            <button
              type="button"
              className="button ml-auto"
              disabled={!result.ok}
              onClick={() => result.ok && void navigator.clipboard?.writeText(result.code)}
            >
              Copy code
            </button>
            <button type="button" className="button" onClick={() => setLanguage(undefined)}>
              Close
            </button>
          </div>
          {result.ok ? (
            <pre
              role="region"
              aria-label="Code"
              className="code min-h-0 flex-1 overflow-auto whitespace-pre font-mono text-[11px]"
            >
              {result.code}
            </pre>
          ) : (
            <p role="alert" className="text-role-error">
              {result.message}
            </p>
          )}
          <p className="muted">
            The request the playground would send next (with the message you are typing), for the selected provider.
            Keys stay in environment variables.
          </p>
        </div>
      ) : null}
    </div>
  );
}
