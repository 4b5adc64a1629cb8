import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { useEffect, useMemo } from 'react';
import { toolDefinitionOf } from '@/lib/shapes/tool-formats';
import type { ToolCheck } from '@/lib/tools/tool-check';
import type { ToolsTokensJob, ToolTokensJob } from '@/lib/tools/token-count-job';
import { chooseTokenizer } from '@/lib/tools/choose-tokenizer';
import { useSession, useToolSetCheck } from '../runtime/runtime-context';
import { monaco, toolModelPath } from '../runtime/monaco-setup';
import { useTokenCount } from './use-token-count';

/**
 * The token X-ray in the tool editor: beside the tool's `name`, what it costs and what all the
 * next request's tools cost; beside `description` and each property, its share — counted by the
 * selected provider's tokenizer where it is public (OpenAI), an estimate (labelled) elsewhere.
 * The counting runs in the token worker: a stranger's description cannot stall the page, and
 * one too long to count within the budget says so.
 */
export function useTokenInlayHints(
  instance: monaco.editor.IStandaloneCodeEditor | undefined,
  toolId: string,
  check: ToolCheck | undefined,
) {
  const provider = useSession((state) => state.settings.provider);
  const model = useSession((state) => state.settings.model);
  const { runnable } = useToolSetCheck();
  const { encoding, exact, label } = chooseTokenizer(provider, model);
  const toolJob = useMemo<ToolTokensJob | undefined>(
    () =>
      check?.kind === 'valid' ? { kind: 'tool', encoding, exact, definition: toolDefinitionOf(check.spec) } : undefined,
    [check, encoding, exact],
  );
  const totalJob = useMemo<ToolsTokensJob>(
    () => ({ kind: 'tools', encoding, exact, definitions: runnable.map((tool) => toolDefinitionOf(tool.spec)) }),
    [runnable, encoding, exact],
  );
  const tool = useTokenCount(toolJob);
  const total = useTokenCount(totalJob);

  useEffect(() => {
    if (!instance || !tool || check?.kind !== 'valid') return;
    const path = `/${toolModelPath(toolId)}`;
    // Monaco's providers are global: this one answers only for this tool's model, and is replaced when its figures change.
    const registration = monaco.languages.registerInlayHintsProvider('json', {
      provideInlayHints(model) {
        if (model.uri.path !== path) return { hints: [], dispose() {} };
        const tree = parseTree(model.getValue());
        if (!tree) return { hints: [], dispose() {} };
        const hints: monaco.languages.InlayHint[] = [];
        const after = (jsonPath: (string | number)[], text: string, tooltip: string) => {
          const key = findNodeAtLocation(tree, jsonPath)?.parent?.children?.[0];
          if (!key) return;
          hints.push({
            label: text,
            tooltip,
            position: model.getPositionAt(key.offset + key.length),
            kind: monaco.languages.InlayHintKind.Type,
            paddingLeft: true,
          });
        };
        if (tool.kind === 'counting') {
          after(['name'], 'counting tokens…', `Counting this tool's tokens — ${label}`);
          return { hints, dispose() {} };
        }
        if (tool.kind === 'too-long') {
          after(
            ['name'],
            'too long to count',
            `Counting this tool's tokens ran past ${tool.budgetMs / 1000} s and was stopped (a very long run of text without spaces) — ${label}`,
          );
          return { hints, dispose() {} };
        }
        const tokens = tool.value;
        // An estimate says so in the figure itself, not only in the tooltip; short, so the line does not wrap.
        const approx = exact ? '' : '≈';
        const totalText =
          total?.kind === 'counted'
            ? ` · all ${approx}${total.value}`
            : total?.kind === 'too-long'
              ? ' · all: too long to count'
              : '';
        after(
          ['name'],
          `${approx}${tokens.tool} tok${totalText}`,
          `Tokens of this tool and of all the tools the next request sends — ${label}`,
        );
        if (tokens.description > 0)
          after(['description'], `${approx}${tokens.description} tok`, `Tokens of the description — ${label}`);
        for (const property of tokens.properties) {
          const [, ...rest] = property.path;
          after([check.schemaKey, ...rest], `${approx}${property.tokens} tok`, `Tokens of this property — ${label}`);
        }
        return { hints, dispose() {} };
      },
    });
    return () => registration.dispose();
  }, [instance, tool, total, check, toolId, label, exact]);
}
