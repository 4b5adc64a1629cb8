'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSession } from '../runtime/runtime-context';
import type { ChatRequest } from '@/lib/agent/chat-route';
import { formatOfProvider } from '@/lib/wire/wire-capture';
import type { WireCapture } from '@/lib/shapes/wire-capture';
import { renderWireStep } from '@/lib/wire/render-wire-step';
import { WIRE_FORMAT_LABELS, type WireStep } from '@/lib/wire/wire-types';
import { WIRE_FORMATS, type WireFormat } from '@/lib/shapes/wire-capture';
import { Tabs } from '../ui/tabs';
import { JsonView } from './json-view';
import { renderedRequestQuery } from '../shared/wire-query';
import { useServerRender } from '../shared/use-server-render';
import { ServerRenderOffer } from '../shared/server-render-offer';

type WireViewProps = {
  step: WireStep;
  /** The chat request that produced this step (its history, the tools, the settings). */
  chat: ChatRequest | undefined;
  /** What this tab captured as the step was sent, for a real provider's step. */
  capture: WireCapture | undefined;
};

/** A request line, its headers (secrets removed) and its body. */
function RequestView({
  title,
  method,
  path,
  headers,
  body,
  label,
}: {
  title: string;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body: unknown;
  label: string;
}) {
  return (
    <>
      <h4 className="text-xs font-semibold">{title}</h4>
      {method && path ? <p className="font-mono text-xs">{`${method} ${path}`}</p> : null}
      {headers ? <JsonView value={headers} label={`${label} headers`} /> : null}
      <JsonView value={body} label={label} />
    </>
  );
}

/**
 * One step on the wire. The request is never re-derived by hand: for the provider that ran,
 * it is the request as sent (captured); for any other, what that provider's AI SDK package
 * would send (rendered by the package on the server, sent nowhere). The raw stream is the
 * response as it arrived.
 */
export function WireView({ step, chat, capture }: WireViewProps) {
  const initial =
    capture?.format ?? (chat ? formatOfProvider(chat.settings.provider, chat.settings.openaiApi) : undefined);
  const [format, setFormat] = useState<WireFormat>(initial ?? 'openai-chat');
  // A lesson's stop may name the format the teacher wants its step shown in.
  const lessonFormat = useSession((state) =>
    state.lessonPlay ? state.lesson?.stops[state.lessonPlay.stop]?.format : undefined,
  );
  useEffect(() => {
    if (lessonFormat) setFormat(lessonFormat);
  }, [lessonFormat]);
  const [showRaw, setShowRaw] = useState(false);
  const sent = capture?.format === format ? capture : undefined;
  const server = useServerRender();
  const rendered = useQuery({
    ...renderedRequestQuery(
      chat ?? { messages: [], tools: [], settings: { provider: 'simulated', model: 'x' } },
      format,
    ),
    enabled: server.allowed && !sent && chat !== undefined && chat.messages.length > 0,
  });
  const response = renderWireStep(step, format).response;
  const label = WIRE_FORMAT_LABELS[format];
  return (
    <div className="flex flex-col gap-2">
      <Tabs
        label="Wire format"
        tabs={WIRE_FORMATS}
        labels={WIRE_FORMAT_LABELS}
        current={format}
        onChange={setFormat}
        panelClassName="flex flex-col gap-2 pt-2"
      >
        {sent ? (
          <RequestView title="Request — as sent (captured on this run)" {...sent.request} label={`${label} request`} />
        ) : rendered.data ? (
          <RequestView
            title={`Request — as ${rendered.data.packageName} would send it (not sent)`}
            method={rendered.data.request.method}
            path={rendered.data.request.path}
            body={rendered.data.request.body}
            label={`${label} request`}
          />
        ) : !server.allowed ? (
          <ServerRenderOffer onAllow={server.allow} />
        ) : rendered.error ? (
          <p role="alert" className="text-xs text-role-error">
            {rendered.error.message}
          </p>
        ) : (
          <p className="muted text-xs">Rendering the request with the provider&apos;s package…</p>
        )}
        <h4 className="text-xs font-semibold">Response (normalised, non-streaming shape)</h4>
        <JsonView value={response} label={`${label} response`} />
        {sent ? (
          <>
            <button
              type="button"
              className="button self-start"
              aria-expanded={showRaw}
              onClick={() => setShowRaw(!showRaw)}
            >
              Raw stream
            </button>
            {showRaw ? (
              <pre
                role="region"
                aria-label="Raw stream"
                className="code max-h-80 overflow-auto whitespace-pre-wrap break-all font-mono text-xs"
              >
                {`HTTP ${sent.status}\n\n${sent.rawResponse}${sent.truncated ? '\n… (cut at 200,000 characters)' : ''}`}
              </pre>
            ) : null}
          </>
        ) : null}
        <p className="muted text-xs">
          {sent
            ? 'Captured from the provider package as it sent this step; keys are removed.'
            : 'Rendered by the real provider package from this step’s conversation, with the tools as they are now.'}
        </p>
      </Tabs>
    </div>
  );
}
