'use client';

import { useQuery } from '@tanstack/react-query';
import type { UIMessage } from 'ai';
import { useState } from 'react';
import type { ChatRequest } from '@/lib/agent/chat-request-schema';
import {
  CODE_LANGUAGE_LABELS,
  CODE_LANGUAGES,
  type CodeLanguage,
  codeFormatFor,
  codeSettingsFor,
  getCode,
} from '@/lib/interop/get-code';
import { buildNextRequest } from '@/lib/wire/extract-wire-steps';
import { renderedRequestQuery } from '../inspector/wire-query';
import { useSession, useToolSetCheck } from '../playground/runtime-context';
import { Tabs } from '../ui/tabs';

/** "Get code": the next request as TypeScript (AI SDK), Python or curl — the body the provider's package sends; keys as environment variables. */
export function GetCodeDialog() {
  const { runnable } = useToolSetCheck();
  const messages = useSession((state) => state.messages);
  const settings = useSession((state) => state.settings);
  const draft = useSession((state) => state.draft);
  const [language, setLanguage] = useState<CodeLanguage | undefined>();
  const specs = runnable.map((tool) => tool.spec);
  const request = buildNextRequest(messages, settings, specs);
  if (draft.trim()) request.messages.push({ role: 'user', text: draft });
  // What the provider's package sends for it, rendered on the server (nothing is sent).
  const nextMessages: UIMessage[] = draft.trim()
    ? [...messages, { id: 'draft', role: 'user', parts: [{ type: 'text', text: draft }] }]
    : [...messages];
  const chat: ChatRequest = {
    messages: nextMessages as ChatRequest['messages'],
    tools: specs,
    settings: codeSettingsFor(settings),
  };
  const rendered = useQuery({
    ...renderedRequestQuery(chat, codeFormatFor(settings)),
    enabled: language !== undefined && language !== 'typescript' && nextMessages.length > 0,
  });
  const result = (() => {
    if (!language) return { ok: true as const, code: '' };
    if (language !== 'typescript' && nextMessages.length === 0) {
      return { ok: false as const, message: 'Type a message first: the code sends the conversation so far.' };
    }
    if (rendered.error) return { ok: false as const, message: rendered.error.message };
    return getCode(language, { request, rendered: rendered.data?.request }, settings);
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
            The request the playground would send next (with the message you are typing), for the selected provider —
            Python and curl send exactly the body its AI SDK package sends. Keys stay in environment variables.
          </p>
        </div>
      ) : null}
    </div>
  );
}
