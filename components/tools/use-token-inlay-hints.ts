import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { useEffect, useMemo, useState } from 'react';
import type { ToolSpec } from '@/lib/model/tool-spec';
import type { ToolCheck } from '@/lib/tools/tool-check';
import {
  asPlainText,
  chooseTokenizer,
  type CountTokens,
  countToolsTokens,
  countToolTokens,
} from '@/lib/tools/token-xray';
import { useSession, useToolSetCheck } from '../playground/runtime-context';
import { monaco, toolModelPath } from './monaco-setup';

const definitionOf = (spec: ToolSpec) => ({
  name: spec.name,
  description: spec.description,
  parameters: spec.inputSchema,
});

/** The tokenizer's `countTokens`, loaded the first time it is needed (o200k is a 2 MB table). */
function useTokenCounter(encoding: 'o200k_base' | 'cl100k_base'): CountTokens | undefined {
  const [loaded, setLoaded] = useState<{ encoding: string; count: CountTokens }>();
  useEffect(() => {
    let current = true;
    const load =
      encoding === 'cl100k_base'
        ? import('gpt-tokenizer/encoding/cl100k_base')
        : import('gpt-tokenizer/encoding/o200k_base');
    void load.then((module) => current && setLoaded({ encoding, count: asPlainText(module.countTokens) }));
    return () => {
      current = false;
    };
  }, [encoding]);
  return loaded?.encoding === encoding ? loaded.count : undefined;
}

/**
 * The token X-ray in the tool editor: beside the tool's `name`, what it costs and what all the
 * next request's tools cost; beside `description` and each property, its share — counted by the
 * selected provider's tokenizer where it is public (OpenAI), an estimate (labelled) elsewhere.
 */
export function useTokenInlayHints(
  instance: monaco.editor.IStandaloneCodeEditor | undefined,
  toolId: string,
  check: ToolCheck | undefined,
) {
  const provider = useSession((state) => state.settings.provider);
  const model = useSession((state) => state.settings.model);
  const { runnable } = useToolSetCheck();
  const tokenizer = chooseTokenizer(provider, model);
  const count = useTokenCounter(tokenizer.encoding);
  const total = useMemo(
    () =>
      count
        ? countToolsTokens(
            runnable.map((tool) => definitionOf(tool.spec)),
            count,
            tokenizer.exact,
          )
        : undefined,
    [count, runnable, tokenizer.exact],
  );

  useEffect(() => {
    if (!instance || !count || check?.kind !== 'valid') return;
    const tokens = countToolTokens(definitionOf(check.spec), count, tokenizer.exact);
    const path = `/${toolModelPath(toolId)}`;
    // Monaco's providers are global: this one answers only for this tool's model, and is replaced when its figures change.
    const registration = monaco.languages.registerInlayHintsProvider('json', {
      provideInlayHints(model) {
        if (model.uri.path !== path) return { hints: [], dispose() {} };
        const tree = parseTree(model.getValue());
        if (!tree) return { hints: [], dispose() {} };
        const hints: monaco.languages.InlayHint[] = [];
        const after = (jsonPath: (string | number)[], label: string, tooltip: string) => {
          const key = findNodeAtLocation(tree, jsonPath)?.parent?.children?.[0];
          if (!key) return;
          hints.push({
            label,
            tooltip,
            position: model.getPositionAt(key.offset + key.length),
            kind: monaco.languages.InlayHintKind.Type,
            paddingLeft: true,
          });
        };
        const totalText = total === undefined ? '' : ` · all tools ${total}`;
        after(
          ['name'],
          `${tokens.tool} tok${totalText}`,
          `Tokens of this tool and of all the tools the next request sends — ${tokenizer.label}`,
        );
        if (tokens.description > 0)
          after(['description'], `${tokens.description} tok`, `Tokens of the description — ${tokenizer.label}`);
        for (const property of tokens.properties) {
          const [, ...rest] = property.path;
          after([check.schemaKey, ...rest], `${property.tokens} tok`, `Tokens of this property — ${tokenizer.label}`);
        }
        return { hints, dispose() {} };
      },
    });
    return () => registration.dispose();
  }, [instance, count, check, toolId, total, tokenizer.exact, tokenizer.label]);
}
