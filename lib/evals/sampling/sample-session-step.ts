import { type ChatRequest, chatRequestProblem, chatRequestSchema } from '../../agent/chat-route';
import { rebuildStepRequest } from '../../agent/step-request';
import type { SessionState, SessionStore } from '../../session/session-state';
import type { SampleChange, StepSampling } from '../../shapes/step-samples';
import type { RunSettings } from '../../shapes/run-settings';
import type { RunnableTool, ToolSpec } from '../../shapes/tool-spec';
import { checkToolDrafts } from '../../tools/check-tool-drafts';
import type { SchemaChecker } from '../../tools/create-schema-checker';
import { requestToolSpecs } from '../../tools/request-tool-specs';
import { type SampleDeps, sampleStep } from './sample-step';

/** What sampling a step of the session needs from the page. */
export type SessionSampleDeps = Omit<SampleDeps, 'headers'> & {
  checker: SchemaChecker;
  /** The provider's headers (a typed key); throws, sending nothing, when they cannot be given. */
  headersFor: (provider: RunSettings['provider'], baseURL: string | undefined) => Record<string, string>;
};

export type SampledOrWhyNot = { ok: true; stopped: boolean } | { ok: false; message: string };

/** The tools a variant offers: a saved variant's list, or one tool's description or schema edited. */
export function toolsWithChange(
  tools: readonly ToolSpec[],
  change: SampleChange | undefined,
  { evals, checker }: { evals: SessionState['evals']; checker: SchemaChecker },
): { ok: true; tools: ToolSpec[] } | { ok: false; message: string } {
  if (change?.kind === 'tools') {
    const variant = evals.variants.find((each) => each.id === change.variantId);
    if (!variant) return { ok: false, message: `The saved variant "${change.name}" is not in this session any more.` };
    return { ok: true, tools: requestToolSpecs(checkToolDrafts(variant.tools, checker).runnable) };
  }
  if (change?.kind !== 'tool') return { ok: true, tools: [...tools] };
  if (!tools.some((tool) => tool.name === change.name))
    return { ok: false, message: `The step was not offered a tool named \`${change.name}\`.` };
  if (change.parameters) {
    const problems = checker.checkSchema(change.parameters);
    if (problems.length > 0)
      return {
        ok: false,
        message: `The edited schema of \`${change.name}\` is not a usable JSON Schema: ${problems[0].message}.`,
      };
  }
  return {
    ok: true,
    tools: tools.map((tool) =>
      tool.name === change.name
        ? {
            ...tool,
            ...(change.description === undefined ? {} : { description: change.description }),
            ...(change.parameters === undefined ? {} : { inputSchema: change.parameters }),
          }
        : tool,
    ),
  };
}

/** The step's request with one change made to it (a variant), or why that change cannot be made. */
export function applySampleChange(
  request: ChatRequest,
  change: SampleChange | undefined,
  context: { evals: SessionState['evals']; checker: SchemaChecker },
): { ok: true; request: ChatRequest } | { ok: false; message: string } {
  if (!change) return { ok: true, request };
  const tools = toolsWithChange(request.tools, change, context);
  if (!tools.ok) return tools;
  const changed: ChatRequest = {
    ...request,
    tools: tools.tools,
    ...(change.kind === 'settings'
      ? { settings: { ...request.settings, ...change.settings } as ChatRequest['settings'] }
      : {}),
  };
  const read = chatRequestSchema.safeParse(changed);
  return read.success ? { ok: true, request: changed } : { ok: false, message: chatRequestProblem(read.error) };
}

/**
 * `Sample this step` (or `Sample a variant`) on the session: the step's request made again as it
 * was sent — or says why it cannot be, sending nothing — with the variant's one change, the
 * provider's headers, then `count` samples at the evals' concurrency, each kept in the session as
 * it comes. The simulated model draws sample n from the run's seed + n.
 */
export async function sampleSessionStep({
  store,
  stepId,
  count,
  change,
  runnable,
  deps,
  signal,
  onProgress,
}: {
  store: SessionStore;
  stepId: string;
  count: number;
  change?: SampleChange;
  runnable: readonly RunnableTool[];
  deps: SessionSampleDeps;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}): Promise<SampledOrWhyNot> {
  const state = store.getState();
  if (state.readOnly)
    return { ok: false, message: 'A shared session is read-only: press "Fork to edit" to make it yours, then sample.' };
  const rebuilt = rebuildStepRequest({
    messages: state.messages,
    stepId,
    tools: requestToolSpecs(runnable),
    settings: state.settings,
    sentValues: state.sentValues,
  });
  if (!rebuilt.ok) return rebuilt;
  const varied = applySampleChange(rebuilt.request, change, { evals: state.evals, checker: deps.checker });
  if (!varied.ok) return varied;
  const { request } = varied;
  let headers: Record<string, string>;
  try {
    headers = deps.headersFor(request.settings.provider, request.settings.baseURL);
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const seeded = request.settings.provider === 'simulated' || request.settings.provider === 'browser';
  const seed = seeded ? (request.settings.seed ?? 0) : undefined;
  const sampling: Omit<StepSampling, 'id' | 'samples'> = {
    ...(change ? { change } : {}),
    provider: request.settings.provider,
    model: request.settings.model,
    ...(seed === undefined ? {} : { seed }),
  };
  const started = state.startSampling(stepId, sampling);
  if (!started.ok) return started;
  const { stopped, refused } = await sampleStep({
    request,
    count,
    seed,
    concurrency: state.evals.concurrency,
    deps: { ...deps, headers },
    signal,
    onSample: (sample, done, total) => {
      store.getState().addStepSample(stepId, started.id, sample);
      onProgress?.(done, total);
    },
  });
  if (refused) {
    // Nothing reached a provider: the empty set goes, the route's sentence says why.
    store.getState().removeSampling(stepId, started.id);
    return { ok: false, message: refused };
  }
  return { ok: true, stopped };
}
