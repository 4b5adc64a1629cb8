import type { ChatRequest } from '../../agent/chat-route';
import { PROVIDER_CATALOG } from '../../providers/provider-catalog';
import { COMPAT_TARGET_INFO, type CompatProbe, type CompatTargetId } from '../../shapes/compat';
import { newId } from '../../shapes/new-id';
import type { RunSettings } from '../../shapes/run-settings';
import type { ToolSpec } from '../../shapes/tool-spec';
import { runLimited } from '../run-limited';
import { type SampleDeps, sampleOnce } from '../sampling/sample-step';

/*
 * `Probe with my key`: one minimal request per tool to one target, through the chat route with the
 * person's key — the tool alone, asked for by name, strict where the target is — and what the
 * provider answered, kept in the session as the cell's verdict (`probed`).
 */

/** The provider settings a target is probed with (the session's model when it is that provider's). */
export function probeSettings(target: CompatTargetId, session: RunSettings): Partial<RunSettings> | undefined {
  const { format, strict } = COMPAT_TARGET_INFO[target];
  const provider =
    format === 'openai-chat' || format === 'openai-responses'
      ? 'openai'
      : format === 'anthropic'
        ? 'anthropic'
        : format === 'gemini'
          ? 'google'
          : format === 'openai-compatible'
            ? 'openai-compatible'
            : undefined;
  if (!provider) return undefined;
  const same = session.provider === provider;
  return {
    provider,
    model: same ? session.model : PROVIDER_CATALOG[provider].models[0],
    ...(same && session.baseURL ? { baseURL: session.baseURL } : {}),
    ...(format === 'openai-chat'
      ? { openaiApi: 'chat' as const }
      : format === 'openai-responses'
        ? { openaiApi: 'responses' as const }
        : {}),
    strictTools: strict,
    mode: 'native',
    maxSteps: 1,
    maxOutputTokens: 256,
  };
}

/** The one request a probe sends for a tool. */
export function probeRequest(spec: ToolSpec, settings: Partial<RunSettings>): ChatRequest {
  return {
    messages: [
      {
        id: `probe-${newId()}`,
        role: 'user',
        parts: [{ type: 'text', text: `Call ${spec.name} once, with any arguments its schema allows.` }],
      },
    ],
    tools: [spec],
    settings: { ...settings, toolChoice: { type: 'tool', toolName: spec.name } } as ChatRequest['settings'],
  } as ChatRequest;
}

/** An HTTP status in a provider's error message ("… 400 …"), else 400 for a refusal. */
const statusOf = (message: string) => Number(/\b([45]\d\d)\b/.exec(message)?.[1] ?? 400);

/**
 * Probes each tool on `target`, two at a time; the first alone (a route refusal — no key — sends
 * nothing more and says why).
 */
export async function probeCompat({
  specs,
  target,
  session,
  deps,
  signal,
  now = () => new Date().toISOString(),
}: {
  specs: readonly ToolSpec[];
  target: CompatTargetId;
  session: RunSettings;
  deps: SampleDeps;
  signal?: AbortSignal;
  now?: () => string;
}): Promise<{ probes: CompatProbe[]; refused?: string }> {
  const settings = probeSettings(target, session);
  if (!settings)
    return {
      probes: [],
      refused: `${COMPAT_TARGET_INFO[target].label} is sent by no provider package: it cannot be probed.`,
    };
  const probe = async (spec: ToolSpec, cut: AbortSignal): Promise<CompatProbe | { refused: string }> => {
    const sample = await sampleOnce(probeRequest(spec, settings), 1, deps, cut);
    if ('refused' in sample) return sample;
    const called = sample.calls.map((call) => call.toolName).join(', ');
    return {
      tool: spec.name,
      target,
      at: now(),
      status: sample.error ? statusOf(sample.error) : 200,
      message:
        sample.error ?? (called ? `Accepted: the model called ${called}.` : 'Accepted: the model answered in text.'),
    };
  };
  const [first, ...rest] = specs;
  if (!first) return { probes: [] };
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const opening = await probe(first, stop.signal);
    if ('refused' in opening) return { probes: [], refused: opening.refused };
    const { results } = await runLimited({
      jobs: rest,
      concurrency: 2,
      signal: stop.signal,
      runOne: async (spec, cut) => {
        const made = await probe(spec, cut);
        return 'refused' in made ? { tool: spec.name, target, at: now(), status: 0, message: made.refused } : made;
      },
    });
    return { probes: [opening, ...results] };
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
