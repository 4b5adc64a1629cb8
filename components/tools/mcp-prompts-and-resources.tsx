'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { McpPromptInfo, McpResourceInfo } from '@/lib/mcp/create-mcp-client';
import type { McpServerRecord } from '@/lib/shapes/mcp-server-record';
import { useRuntime, useSession } from '../runtime/runtime-context';

/** Appends text to the message being written. */
function useAppendToDraft() {
  const { store } = useRuntime();
  return (text: string) => {
    const { draft, setDraft } = store.getState();
    setDraft(draft.trim() === '' ? text : `${draft.replace(/\s+$/, '')}\n\n${text}`);
  };
}

function PromptRow({ server, prompt }: { server: McpServerRecord; prompt: McpPromptInfo }) {
  const { mcp } = useRuntime();
  const append = useAppendToDraft();
  const [values, setValues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const label = prompt.title ?? prompt.name;
  return (
    <li className="py-1">
      <form
        className="flex flex-wrap items-center gap-1"
        onSubmit={async (event) => {
          event.preventDefault();
          try {
            const prompted = await mcp.getPrompt(server.id, prompt.name, values);
            // Its reader (and zod/mini) loads on use: not part of the page's first load.
            const { promptText } = await import('@/lib/mcp/mcp-context-text');
            append(promptText(prompted));
            setProblem(undefined);
          } catch (error) {
            setProblem(error instanceof Error ? error.message : String(error));
          }
        }}
      >
        <span className="font-mono" title={prompt.description}>
          {label}
        </span>
        {(prompt.arguments ?? []).map((argument) => (
          <input
            key={argument.name}
            aria-label={`${label}: ${argument.name}`}
            placeholder={`${argument.name}${argument.required ? '' : ' (optional)'}`}
            className="control w-28 py-0 text-xs"
            required={argument.required}
            value={values[argument.name] ?? ''}
            onChange={(event) => setValues({ ...values, [argument.name]: event.target.value })}
          />
        ))}
        <button type="submit" className="button ml-auto px-1.5 py-0" aria-label={`Insert prompt ${label}`}>
          Insert
        </button>
      </form>
      {problem ? <p className="text-role-error">{problem}</p> : null}
    </li>
  );
}

function ResourceRow({ server, resource }: { server: McpServerRecord; resource: McpResourceInfo }) {
  const { mcp } = useRuntime();
  const append = useAppendToDraft();
  const [problem, setProblem] = useState<string>();
  const label = resource.title ?? resource.name;
  return (
    <li className="flex flex-wrap items-center gap-1 py-1">
      <span className="font-mono" title={`${resource.uri}${resource.description ? ` — ${resource.description}` : ''}`}>
        {label}
      </span>
      <span className="muted">{resource.mimeType}</span>
      <button
        type="button"
        className="button ml-auto px-1.5 py-0"
        aria-label={`Attach resource ${label}`}
        onClick={async () => {
          try {
            const contents = await mcp.readResource(server.id, resource.uri);
            const { resourceContext } = await import('@/lib/mcp/mcp-context-text');
            append(resourceContext(contents));
            setProblem(undefined);
          } catch (error) {
            setProblem(error instanceof Error ? error.message : String(error));
          }
        }}
      >
        Attach
      </button>
      {problem ? <p className="w-full text-role-error">{problem}</p> : null}
    </li>
  );
}

/** A connected server's prompts (insert into the message) and resources (attach as context), listed when opened. */
export function McpPromptsAndResources({ server }: { server: McpServerRecord }) {
  const { mcp } = useRuntime();
  const readOnly = useSession((state) => state.readOnly);
  const [openList, setOpenList] = useState<{ prompts: boolean; resources: boolean }>({
    prompts: false,
    resources: false,
  });
  const prompts = useQuery({
    queryKey: ['mcp', server.id, 'prompts'],
    queryFn: () => mcp.listPrompts(server.id),
    enabled: openList.prompts,
  });
  const resources = useQuery({
    queryKey: ['mcp', server.id, 'resources'],
    queryFn: () => mcp.listResources(server.id),
    enabled: openList.resources,
  });
  if (readOnly) return null;
  return (
    <div className="px-3 pb-2 text-xs">
      {server.capabilities.includes('prompts') ? (
        <details onToggle={(event) => setOpenList({ ...openList, prompts: event.currentTarget.open })}>
          <summary className="muted cursor-pointer">Prompts</summary>
          {prompts.isPending ? <p className="muted">Loading…</p> : null}
          {prompts.error ? <p className="text-role-error">{prompts.error.message}</p> : null}
          <ul aria-label={`Prompts of ${server.name}`}>
            {(prompts.data ?? []).map((prompt) => (
              <PromptRow key={prompt.name} server={server} prompt={prompt} />
            ))}
          </ul>
        </details>
      ) : null}
      {server.capabilities.includes('resources') ? (
        <details onToggle={(event) => setOpenList({ ...openList, resources: event.currentTarget.open })}>
          <summary className="muted cursor-pointer">Resources</summary>
          {resources.isPending ? <p className="muted">Loading…</p> : null}
          {resources.error ? <p className="text-role-error">{resources.error.message}</p> : null}
          <ul aria-label={`Resources of ${server.name}`}>
            {(resources.data ?? []).map((resource) => (
              <ResourceRow key={resource.uri} server={server} resource={resource} />
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
