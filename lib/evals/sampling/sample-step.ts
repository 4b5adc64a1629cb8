import type { UIMessage } from 'ai';
import { readMessageStream } from '../../messages/read-message-stream';
import { CHAT_ROUTE, type ChatRequest } from '../../agent/chat-route';
import { readRouteRefusal } from '../../shapes/route-error';
import { getToolName, isToolUIPart } from '../../shapes/tool-parts';
import { providerSafeToolName } from '../../shapes/tool-limits';
import { clipToLimit, SESSION_LIMITS } from '../../shapes/session-limits';
import type { SampledCall, StepSample } from '../../shapes/step-samples';
import type { SchemaChecker } from '../../tools/create-schema-checker';
import { problemToSentence } from '../../tools/format-ajv-errors';
import { DECISION_FAILURE_TOOLS } from '../../providers/modes/decision-failure';
import { readStepReport } from '../../wire/extract-wire-steps';
import { runLimited } from '../run-limited';

/** What sampling needs from the page: the route's fetch, the provider's headers (a typed key), the checker. */
export type SampleDeps = {
  fetch: typeof fetch;
  api?: string;
  headers: Record<string, string>;
  checker: SchemaChecker;
  now?: () => number;
};

/**
 * The request sample `n` sends: the step's own, byte for byte — except that the simulated model
 * draws sample n from seed + n (a real provider is sent no seed: its samples differ by themselves).
 */
export function sampleRequest(request: ChatRequest, n: number, seed: number | undefined): ChatRequest {
  return { ...request, settings: drawSettings(request.settings, n, seed) };
}

/**
 * The settings draw `n` of a run uses (a step's sample n, an eval case's repeat n): the simulated
 * model draws from seed + n, so repeats spread as a real model's do; a real provider is sent its
 * settings as they are (its answers differ by themselves).
 */
export function drawSettings<Settings extends { provider?: string; seed?: number }>(
  settings: Settings,
  n: number,
  seed = settings.seed,
): Settings {
  // The simulated model and the model in the browser take a seed: sample n draws from seed + n.
  if (settings.provider !== 'simulated' && settings.provider !== 'browser') return settings;
  return { ...settings, seed: ((seed ?? 0) + n) % (SESSION_LIMITS.seedMax + 1) };
}

/** A call as the step would have run it: a tool the request did not offer, or arguments its schema refuses, say so. */
function readCall(
  part: Extract<UIMessage['parts'][number], { toolCallId: string }>,
  request: ChatRequest,
  checker: SchemaChecker,
): SampledCall {
  const toolName = getToolName(part as never);
  const input = part.input;
  const tool = request.tools.find((each) => each.name === toolName || providerSafeToolName(each.name) === toolName);
  if (!tool) return { toolName, input, problem: `\`${toolName}\` is not one of the tools offered` };
  if (part.state === 'output-error' && part.errorText)
    return { toolName: tool.name, input, problem: clipToLimit(part.errorText, SESSION_LIMITS.sampleErrorChars) };
  const problems = checker.checkValue(tool.inputSchema, input ?? {});
  return problems.length > 0
    ? {
        toolName: tool.name,
        input,
        problem: clipToLimit(
          problems.map((each) => problemToSentence(each, 'the arguments')).join(' '),
          SESSION_LIMITS.sampleErrorChars,
        ),
      }
    : { toolName: tool.name, input };
}

/** The model's answer (one streamed step) as a sample: its calls, its text, its tokens. */
export function readSample(message: UIMessage | undefined, request: ChatRequest, checker: SchemaChecker) {
  const parts = message?.parts ?? [];
  const report = readStepReport(parts);
  return {
    calls: parts
      .filter(isToolUIPart)
      // A text-mode reply with no JSON decision in it is an answer in text, not a call with bad arguments.
      .filter((part) => getToolName(part as never) !== DECISION_FAILURE_TOOLS.extraction)
      .slice(0, SESSION_LIMITS.sampleCallsEach)
      .map((part) => readCall(part as never, request, checker)),
    text: clipToLimit(
      parts
        .map((part) => (part.type === 'text' ? part.text : ''))
        .join('')
        .trim(),
      SESSION_LIMITS.sampleTextChars,
    ),
    ...(report?.inputTokens === undefined ? {} : { inputTokens: report.inputTokens }),
    ...(report?.outputTokens === undefined ? {} : { outputTokens: report.outputTokens }),
  };
}

/** The route would not send the request at all (no key, a base URL it does not call…): its sentence. */
export type Refused = { refused: string };

/**
 * Sends the request once through the chat route and reads the answer; a provider's failure is a
 * sample with its error. A request the route refuses outright (it reaches no provider) is no
 * sample: the route's sentence comes back instead.
 */
export async function sampleOnce(
  request: ChatRequest,
  n: number,
  deps: SampleDeps,
  signal: AbortSignal,
): Promise<StepSample | Refused> {
  const now = deps.now ?? (() => performance.now());
  const started = now();
  let failed: string | undefined;
  let message: UIMessage | undefined;
  try {
    const api = deps.api ?? CHAT_ROUTE;
    const response = await deps.fetch(api, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...deps.headers },
      body: JSON.stringify(request),
      signal,
    });
    if (!response.ok) return { refused: await readRouteRefusal(response, `${api} answered ${response.status}.`) };
    if (!response.body) throw new Error(`${CHAT_ROUTE} answered with no body.`);
    message = await readMessageStream(response.body, (error) => {
      failed ??= error instanceof Error ? error.message : String(error);
    });
  } catch (error) {
    failed ??= error instanceof Error ? error.message : String(error);
  }
  const read = readSample(message, request, deps.checker);
  return {
    n,
    ...read,
    ...(failed ? { error: clipToLimit(failed, SESSION_LIMITS.sampleErrorChars) } : {}),
    ms: Math.round(now() - started),
  };
}

/**
 * `Sample this step`: the step's request sent `count` times (samples `first`…), at most
 * `concurrency` at once, each answer reported as it comes. Nothing runs the tools. Stop ends it
 * (the samples cut short are dropped); a provider error is a sample like any other. The first is
 * sent alone: if the route refuses it (a key missing…), nothing more is sent and `refused` says why.
 */
export async function sampleStep({
  request,
  count,
  first = 1,
  seed,
  concurrency,
  deps,
  signal,
  onSample,
}: {
  request: ChatRequest;
  count: number;
  first?: number;
  seed?: number;
  concurrency: number;
  deps: SampleDeps;
  signal?: AbortSignal;
  onSample?: (sample: StepSample, done: number, total: number) => void;
}): Promise<{ samples: StepSample[]; stopped: boolean; refused?: string }> {
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) stop.abort();
  try {
    const opening = stop.signal.aborted
      ? undefined
      : await sampleOnce(sampleRequest(request, first, seed), first, deps, stop.signal);
    if (!opening || stop.signal.aborted) return { samples: [], stopped: true };
    if ('refused' in opening) return { samples: [], stopped: false, refused: opening.refused };
    onSample?.(opening, 1, count);
    const numbers = Array.from({ length: count - 1 }, (_, index) => first + 1 + index);
    const { results, stopped } = await runLimited<number, StepSample>({
      jobs: numbers,
      concurrency,
      signal: stop.signal,
      onResult: (sample, done) => onSample?.(sample, done + 1, count),
      runOne: async (n, cut): Promise<StepSample> => {
        const sample = await sampleOnce(sampleRequest(request, n, seed), n, deps, cut);
        // Refused after the first was let through (a key removed meanwhile): a sample with the route's sentence.
        return 'refused' in sample ? { n, calls: [], text: '', error: sample.refused, ms: 0 } : sample;
      },
    });
    return { samples: [opening, ...results].sort((a, b) => a.n - b.n), stopped };
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
