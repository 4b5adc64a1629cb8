'use client';

import { useMemo, useState } from 'react';
import type { TextTokensJob, ToolsTokensJob } from '@/lib/tools/token-count-job';
import { toolDefinitionOf } from '@/lib/shapes/tool-formats';
import { chooseTokenizer } from '@/lib/tools/choose-tokenizer';
import { MODEL_FAMILIES, type ModelFamily, renderToolsAsRead } from '@/lib/wire/render-tools-as-read';
import { useSession, useToolSetCheck } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';
import { type TokenCountState, useTokenCount } from './use-token-count';

/** A count not made (yet): under way, or stopped past its budget. */
function describeUncounted(count: TokenCountState<unknown> | undefined): string {
  return count?.kind === 'too-long'
    ? `Tools: too long to count (counting ran past ${count.budgetMs / 1000} s and was stopped)`
    : 'Counting tokens…';
}

/** The family a model id most likely belongs to (the person can choose another). */
function guessFamily(provider: string, model: string): ModelFamily {
  if (/gpt-oss/i.test(model)) return 'gpt-oss';
  if (/qwen-?3/i.test(model)) return 'qwen-3';
  if (/qwen/i.test(model)) return 'qwen-2.5';
  if (/llama/i.test(model)) return 'llama-3';
  if (/mistral|mixtral|nemo|ministral/i.test(model)) return 'mistral';
  return provider === 'openai-compatible' ? 'llama-3' : 'openai';
}

/**
 * "Tools as the model reads them": the prompt text the tools become for a model family — the
 * family's chat template rendered with the next request's tools and the session's system
 * prompt (or, for OpenAI, the namespace OpenAI renders them into) — the tools' part marked,
 * with its size in tokens.
 */
export default function ToolsAsReadDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const provider = useSession((state) => state.settings.provider);
  const model = useSession((state) => state.settings.model);
  const system = useSession((state) => state.settings.system ?? '');
  const { runnable } = useToolSetCheck();
  const [family, setFamily] = useState<ModelFamily>(() => guessFamily(provider, model));

  const definitions = useMemo(() => runnable.map(({ spec }) => toolDefinitionOf(spec)), [runnable]);
  const rendered = useMemo(() => {
    try {
      return { ok: true as const, ...renderToolsAsRead(family, definitions, system) };
    } catch (error) {
      return { ok: false as const, message: error instanceof Error ? error.message : String(error) };
    }
  }, [family, definitions, system]);
  const toolsText = rendered.ok && rendered.tools ? rendered.text.slice(rendered.tools.start, rendered.tools.end) : '';
  // Counted in the token worker: a stranger's long description cannot stall the page.
  const job = useMemo<TextTokensJob>(
    () => ({ kind: 'texts', encoding: 'o200k_base', texts: [toolsText, rendered.ok ? rendered.text : ''] }),
    [toolsText, rendered],
  );
  const count = useTokenCount(family === 'openai' ? undefined : job);
  // For OpenAI, the figure the tool list and the X-ray give when OpenAI is the provider: the
  // namespace below counted with the model's own encoding, and OpenAI's framing around it.
  const openai = chooseTokenizer('openai', provider === 'openai' ? model : 'gpt-4o');
  const openaiJob = useMemo<ToolsTokensJob>(
    () => ({ kind: 'tools', encoding: openai.encoding, exact: true, definitions }),
    [openai.encoding, definitions],
  );
  const openaiCount = useTokenCount(family === 'openai' ? openaiJob : undefined);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Tools as the model reads them"
      description="The text your tools become in the prompt: an open-weight model's chat template rendered with the next request's tools and your system prompt, or the namespace OpenAI renders them into. The tools' part is marked."
      className="w-[min(60rem,calc(100vw-1rem))]"
    >
      <div className="flex flex-col gap-2 text-sm">
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2">
            <span className="muted">Model family</span>
            <select
              aria-label="Model family"
              className="control"
              value={family}
              onChange={(event) => setFamily(event.target.value as ModelFamily)}
            >
              {(Object.keys(MODEL_FAMILIES) as ModelFamily[]).map((each) => (
                <option key={each} value={each}>
                  {MODEL_FAMILIES[each].label}
                </option>
              ))}
            </select>
          </label>
          <p role="status" className="muted text-xs">
            {runnable.length === 0
              ? 'No tool is in the next run.'
              : family === 'openai'
                ? openaiCount?.kind === 'counted'
                  ? `Tools: ${openaiCount.value} tokens (${openai.label}: the namespace below and OpenAI’s framing of it — as the tool list counts them for OpenAI)`
                  : describeUncounted(openaiCount)
                : count?.kind === 'counted'
                  ? `Tools: ≈ ${count.value[0]} tokens of ≈ ${count.value[1]} in this prompt (an estimate with o200k_base; this family’s own tokenizer differs)`
                  : describeUncounted(count)}
          </p>
        </div>
        {rendered.ok ? (
          <pre
            role="region"
            aria-label="Prompt text"
            tabIndex={0}
            className="code max-h-[60vh] overflow-auto whitespace-pre-wrap rounded border border-[var(--border)] p-2 text-xs"
          >
            {rendered.tools ? (
              <>
                {rendered.text.slice(0, rendered.tools.start)}
                <mark>{toolsText}</mark>
                {rendered.text.slice(rendered.tools.end)}
              </>
            ) : (
              rendered.text
            )}
          </pre>
        ) : (
          <p role="alert" className="text-role-error">
            The template could not render these tools: {rendered.message}
          </p>
        )}
      </div>
    </Dialog>
  );
}
