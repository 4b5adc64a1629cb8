'use client';

import { useQuery } from '@tanstack/react-query';
import type { UIMessage } from 'ai';
import type { ChatRequest } from '@/lib/agent/chat-route';
import {
  CODE_LANGUAGE_LABELS,
  CODE_LANGUAGES,
  type CodeLanguage,
  codeFormatFor,
  codeSettingsFor,
  getCode,
} from '@/lib/interop/get-code';
import { buildNextRequest } from '@/lib/wire/extract-wire-steps';
import { renderedRequestQuery } from '../shared/wire-query';
import { useServerRender } from '../shared/use-server-render';
import { ServerRenderOffer } from '../shared/server-render-offer';
import { useSession, useToolSetCheck } from '../runtime/runtime-context';
import { Tabs } from '../ui/tabs';

/** The open "Get code" dialog's content: the next request in the chosen language (loaded when first opened). */
export default function GetCodeBody({
  language,
  setLanguage,
}: {
  language: CodeLanguage;
  setLanguage: (language: CodeLanguage) => void;
}) {
  const { runnable } = useToolSetCheck();
  const messages = useSession((state) => state.messages);
  const settings = useSession((state) => state.settings);
  const draft = useSession((state) => state.draft);
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
  const server = useServerRender();
  const rendered = useQuery({
    ...renderedRequestQuery(chat, codeFormatFor(settings)),
    enabled: server.allowed && language !== 'typescript' && nextMessages.length > 0,
  });
  const result = (() => {
    if (language !== 'typescript' && nextMessages.length === 0) {
      return { ok: false as const, message: 'Type a message first: the code sends the conversation so far.' };
    }
    if (language !== 'typescript' && !server.allowed) return { ok: false as const, offer: true, message: '' };
    if (rendered.error) return { ok: false as const, message: rendered.error.message };
    return getCode(language, { request, rendered: rendered.data?.request }, settings);
  })();
  return (
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
      ) : 'offer' in result ? (
        <ServerRenderOffer onAllow={server.allow} />
      ) : (
        <p role="alert" className="text-role-error text-sm">
          {result.message}
        </p>
      )}
    </Tabs>
  );
}
