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
import { Dialog } from '../ui/dialog';
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
    <Dialog
      trigger={
        <button type="button" className="button">
          Get code
        </button>
      }
      open={language !== undefined}
      onOpenChange={(open) => setLanguage(open ? (language ?? 'typescript') : undefined)}
      title="Get code"
      description="The request the playground would send next (with the message you are typing), for the selected provider — Python and curl send exactly the body its AI SDK package sends. Keys stay in environment variables."
      className="flex max-h-[85vh] w-[min(56rem,calc(100vw-1rem))] flex-col"
    >
      {language ? (
        <Tabs
          label="Language"
          tabs={CODE_LANGUAGES}
          labels={CODE_LANGUAGE_LABELS}
          current={language}
          onChange={setLanguage}
          className="flex min-h-0 flex-1 flex-col gap-2"
          panelClassName="flex min-h-0 flex-1 flex-col gap-2"
        >
          {result.ok ? (
            <>
              <button
                type="button"
                className="button self-end"
                onClick={() => void navigator.clipboard?.writeText(result.code)}
              >
                Copy code
              </button>
              <pre
                role="region"
                aria-label="Code"
                tabIndex={0}
                className="code min-h-0 flex-1 overflow-auto whitespace-pre font-mono text-xs"
              >
                {result.code}
              </pre>
            </>
          ) : (
            <p role="alert" className="text-role-error text-sm">
              {result.message}
            </p>
          )}
        </Tabs>
      ) : null}
    </Dialog>
  );
}
