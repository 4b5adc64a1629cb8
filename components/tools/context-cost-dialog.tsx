'use client';

import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { contextCost, sessionRequests } from '@/lib/evals/compat/context-cost';
import { inputPricePerMillion, PRICES_CHECKED } from '@/lib/evals/model-prices';
import type { TextTokensJob } from '@/lib/tools/token-count-job';
import { chooseTokenizer } from '@/lib/tools/choose-tokenizer';
import { toolContextPieces } from '@/lib/wire/tool-context-pieces';
import { useSession } from '../runtime/runtime-context';
import { renderedRequestQuery } from '../shared/wire-query';
import { Dialog } from '../ui/dialog';
import { useTokenCount } from './use-token-count';

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const tokens = (count: number) => count.toLocaleString('en-US');

/** This session's requests made again, their tool pieces counted by the model's tokenizer in a worker. */
function useContextCost() {
  const messages = useSession((state) => state.messages);
  const sentValues = useSession((state) => state.sentValues);
  const provider = useSession((state) => state.settings.provider);
  const model = useSession((state) => state.settings.model);
  const made = useMemo(() => sessionRequests({ messages, sentValues }), [messages, sentValues]);
  const { bodies, failed } = useQueries({
    queries: made.requests.map(({ request, format }) => renderedRequestQuery(request, format)),
    // Combined once per change of the answers: the same bodies keep the same array.
    combine: (results) => ({
      bodies: results.every((result) => result.data) ? results.map((result) => result.data?.request.body) : undefined,
      failed: results.find((result) => result.error)?.error ?? undefined,
    }),
  });
  const pieces = useMemo(
    () => bodies?.map((body, index) => toolContextPieces(made.requests[index].format, body)),
    [bodies, made.requests],
  );
  const { encoding, label } = chooseTokenizer(provider, model);
  const job = useMemo<TextTokensJob | undefined>(() => {
    if (!pieces) return undefined;
    const texts = new Set<string>();
    for (const request of pieces) {
      texts.add(request.whole);
      for (const piece of request.tools.values())
        for (const text of [piece.definition, ...piece.args, ...piece.results]) texts.add(text);
    }
    return { kind: 'texts', encoding, texts: [...texts] };
  }, [pieces, encoding]);
  const counted = useTokenCount(job);
  const cost = useMemo(() => {
    if (!pieces || !job || counted?.kind !== 'counted') return undefined;
    const byText = new Map(job.texts.map((text, index) => [text, counted.value[index]]));
    return contextCost(pieces, (text) => byText.get(text) ?? 0);
  }, [pieces, job, counted]);
  return { made, failed, counted, cost, label };
}

/** Per tool (sent in, definition, arguments, results, total, money, share) and per request (the tools' shares). */
function CostTables({ cost, money }: { cost: ReturnType<typeof contextCost>; money: (count: number) => string }) {
  return (
    <>
      <table aria-label="Cost per tool" className="border-collapse text-left">
        <thead>
          <tr>
            {['Tool', 'Sent in', 'Definition', 'Arguments', 'Results', 'Total', 'Money', 'Share of input'].map(
              (name) => (
                <th key={name} scope="col" className="p-1">
                  {name}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {cost.tools.map((tool) => (
            <tr key={tool.tool} className="border-t border-[var(--border)]">
              <th scope="row" className="p-1 font-mono font-normal">
                {tool.tool}
              </th>
              <td className="p-1">{tool.requests}</td>
              <td className="p-1">{tokens(tool.definitionTokens)}</td>
              <td className="p-1">{tokens(tool.argsTokens)}</td>
              <td className="p-1">{tokens(tool.resultsTokens)}</td>
              <td className="p-1">{tokens(tool.total)}</td>
              <td className="p-1">{money(tool.total)}</td>
              <td className="p-1">{percent(tool.share)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table aria-label="Cost per request" className="border-collapse text-left">
        <thead>
          <tr>
            <th scope="col" className="p-1">
              Request
            </th>
            <th scope="col" className="p-1">
              Input tokens
            </th>
            <th scope="col" className="p-1">
              Tools' share
            </th>
          </tr>
        </thead>
        <tbody>
          {cost.requests.map((request) => (
            <tr key={request.request} className="border-t border-[var(--border)]">
              <th scope="row" className="p-1 font-normal">
                {request.request}
              </th>
              <td className="p-1">{tokens(request.inputTokens)}</td>
              <td className="p-1">
                {request.byTool
                  .filter((each) => each.tokens > 0)
                  .sort((a, b) => b.tokens - a.tokens)
                  .map((each) => `${each.tool} ${percent(each.share)}`)
                  .join(' · ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/**
 * `Context cost`: per tool, what it cost across this session's requests — its definition in each
 * request, its arguments and results as later requests re-read them — in tokens the real
 * tokenizer counts on the bodies each provider package sends (made again, nothing is sent), and in
 * money at the selected model's list price.
 */
export default function ContextCostDialog({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const provider = useSession((state) => state.settings.provider);
  const model = useSession((state) => state.settings.model);
  const { made, failed, counted, cost, label } = useContextCost();
  const price = inputPricePerMillion(provider, model);
  const money = (count: number) => (price === undefined ? '—' : `$${((count * price) / 1_000_000).toFixed(4)}`);

  return (
    <Dialog open onOpenChange={onOpenChange} title="Context cost" className="w-[min(64rem,calc(100vw-1rem))]">
      <section aria-label="Context cost" className="flex max-h-[75vh] flex-col gap-2 overflow-auto text-xs">
        <p className="muted">
          Tokens by {label}, on each request as its provider package sends it ({made.requests.length}{' '}
          {made.requests.length === 1 ? 'request' : 'requests'}, made again: nothing is sent).{' '}
          {price === undefined
            ? `No list price known for ${model}.`
            : `Money at ${model}'s input list price, $${price} per million tokens (prices checked ${PRICES_CHECKED}).`}
        </p>
        {made.notes.map((note) => (
          <p key={note} className="muted">
            {note}
          </p>
        ))}
        {made.requests.length === 0 ? <p>No request yet: run the conversation first.</p> : null}
        {failed ? (
          <p role="alert" className="text-role-error">
            {failed.message}
          </p>
        ) : null}
        {counted?.kind === 'too-long' ? (
          <p role="alert">The requests are too long to count in {counted.budgetMs / 1000} s.</p>
        ) : null}
        {made.requests.length > 0 && !cost && !failed && counted?.kind !== 'too-long' ? (
          <p role="status">Counting…</p>
        ) : null}
        {cost ? <CostTables cost={cost} money={money} /> : null}
      </section>
    </Dialog>
  );
}
