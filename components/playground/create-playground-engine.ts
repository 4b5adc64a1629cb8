import { createSessionChat, type SessionChat } from '@/lib/agent/create-session-chat';
import type { RunGate } from '@/lib/agent/run-gate';
import { runTimedToolCall } from '@/lib/agent/run-timed-tool-call';
import type { ToolOutcome } from '@/lib/model/tool-outcome';
import type { McpAccess } from '@/lib/model/mcp-access';
import type { Sandbox } from '@/lib/sandbox/sandbox';
import { checkSendableSettings } from '@/lib/model/run-settings';
import type { SessionStore } from '@/lib/session/session-state';
import { checkToolDrafts } from '@/lib/tools/check-tool-drafts';
import { createSchemaChecker, type SchemaChecker } from '@/lib/tools/create-schema-checker';
import type { ToolSetCheck } from '@/lib/tools/tool-check';
import type { ToolDraft } from '@/lib/model/tool-spec';
import { runJavaScriptInSandbox } from '../tools/run-javascript-in-sandbox';

/**
 * What checks tools and runs the loop: Ajv (with RE2) and the AI SDK's chat with the executor.
 * Loaded right after the page is interactive, not with it, so the first load stays light
 * (issue 16); the runtime awaits it where it is needed first.
 */
export type PlaygroundEngine = {
  checker: SchemaChecker;
  chat: SessionChat;
  /** Every tool checked, and which ones the next run sends. */
  checkTools(drafts: readonly ToolDraft[]): ToolSetCheck;
  /** What is wrong with the model id or base URL (zod), as one sentence each. */
  checkSettings: typeof checkSendableSettings;
  /** Runs one of the next run's tools by hand, as the executor would for a model's call. */
  tryTool(toolName: string, input: unknown, signal: AbortSignal): Promise<{ outcome: ToolOutcome; durationMs: number }>;
};

export function createPlaygroundEngine(options: {
  store: SessionStore;
  getSandbox: () => Promise<Sandbox>;
  getHeaders: () => Record<string, string>;
  gate: RunGate;
  mcp: McpAccess;
}): PlaygroundEngine {
  const checker = createSchemaChecker();
  const http =
    typeof window === 'undefined' ? undefined : { fetch: window.fetch.bind(window), ownOrigin: window.location.origin };
  const chat = createSessionChat({ ...options, checker, runJavaScript: runJavaScriptInSandbox, http });
  // Checked once per version of the tool list (it is immutable), however many components ask.
  const checked = new WeakMap<readonly ToolDraft[], ToolSetCheck>();
  const checkTools = (drafts: readonly ToolDraft[]) => {
    const known = checked.get(drafts);
    if (known) return known;
    const check = checkToolDrafts(drafts, checker);
    checked.set(drafts, check);
    return check;
  };
  return {
    checker,
    chat,
    checkTools,
    checkSettings: checkSendableSettings,
    tryTool: (toolName, input, signal) =>
      runTimedToolCall({
        call: { toolName, input },
        tools: checkTools(options.store.getState().tools).runnable,
        getSandbox: options.getSandbox,
        checker,
        runJavaScript: runJavaScriptInSandbox,
        handlersTrusted: options.store.getState().handlersTrusted,
        http,
        mcp: options.mcp,
        signal,
      }),
  };
}
