import { createSessionChat, type SessionChat } from '@/lib/agent/create-session-chat';
import { createReplayHooks, type ReplayHooks } from '@/lib/agent/replay-fetch';
import type { RunGate } from '@/lib/agent/run-gate';
import { runTimedToolCall } from '@/lib/agent/run-timed-tool-call';
import { createInPageFetch, type LocalModelAccess } from '@/lib/agent/answer-in-page';
import type { ToolOutcome } from '@/lib/shapes/tool-outcome';
import type { McpAccess } from '@/lib/shapes/mcp-access';
import type { Sandbox } from '@/lib/sandbox/sandbox';
import { checkSendableSettings } from '@/lib/shapes/run-settings';
import type { SessionStore } from '@/lib/session/session-state';
import { createSchemaChecker, type SchemaChecker } from '@/lib/tools/create-schema-checker';
import type { SourceCheck, ToolSetCheck } from '@/lib/tools/tool-check';
import { checkToolSource } from '@/lib/tools/check-tool-source';
import type { ToolDraft } from '@/lib/shapes/tool-spec';
import { runJavaScriptInSandbox } from './run-javascript-in-sandbox';

/**
 * What checks tools and runs the loop: Ajv (with RE2) and the AI SDK's chat with the executor.
 * Loaded right after the page is interactive, not with it, so the first load stays light
 * (see docs/decisions/first-load.md); the runtime awaits it where it is needed first.
 */
export type PlaygroundEngine = {
  checker: SchemaChecker;
  /** One definition's text checked with `checker`. */
  checkSource(source: string): SourceCheck;
  chat: SessionChat;
  /** What is wrong with the model id or base URL (zod), as one sentence each. */
  checkSettings: typeof checkSendableSettings;
  /** `Replay against the model`: the chat's fetch and executor serve the recording while a replay runs. */
  replay: ReplayHooks;
  /** The page's fetch for model steps: `/api/chat`, except that the model in the browser answers its own requests here. */
  modelFetch: typeof fetch;
  /** Runs one of the next run's tools by hand, as the executor would for a model's call. */
  tryTool(toolName: string, input: unknown, signal: AbortSignal): Promise<{ outcome: ToolOutcome; durationMs: number }>;
};

export function createPlaygroundEngine(options: {
  store: SessionStore;
  getSandbox: () => Promise<Sandbox>;
  getHeaders: () => Record<string, string>;
  gate: RunGate;
  mcp: McpAccess;
  /** Every tool checked, and which ones the next run sends (the page's tool checks). */
  checkTools(drafts: readonly ToolDraft[]): ToolSetCheck;
  /** The model in the browser, when one is loaded. */
  localModel: LocalModelAccess;
}): PlaygroundEngine {
  const checker = createSchemaChecker();
  const http =
    typeof window === 'undefined' ? undefined : { fetch: window.fetch.bind(window), ownOrigin: window.location.origin };
  const replay = createReplayHooks();
  const modelFetch = createInPageFetch((input, init) => globalThis.fetch(input, init), options.localModel);
  const chat = createSessionChat({
    ...options,
    checker,
    runJavaScript: runJavaScriptInSandbox,
    http,
    // Passes every request and call through, except while a replay serves its recording.
    fetch: replay.wrapFetch(modelFetch),
    recordedResult: replay.recordedResult,
  });
  return {
    checker,
    replay,
    modelFetch,
    checkSource: (source) => checkToolSource(source, checker),
    chat,
    checkSettings: checkSendableSettings,
    tryTool: (toolName, input, signal) =>
      runTimedToolCall({
        call: { toolName, input },
        tools: options.checkTools(options.store.getState().tools).runnable,
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
