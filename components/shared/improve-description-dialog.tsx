'use client';

import { useState } from 'react';
import { type ImproveOptions, improvementRuns, type MeasuredRewrite } from '@/lib/improve/improve-description';
import type { ImprovementRecord } from '@/lib/shapes/improvement-record';
import { rewriteToolSource } from '@/lib/improve/rewrite-tool-source';
import { readToolName } from '@/lib/shapes/tool-source';
import type { RunnableTool } from '@/lib/shapes/tool-spec';
import { useSession, useSessionActions, useToolSetCheck } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';
import { useImproveCases, useImproveDescription } from './use-improve-description';

const pp = (share: number) => `${share >= 0 ? '+' : '−'}${Math.abs(Math.round(share * 100))} pp`;

/** The difference and its 95 % interval on a −100…+100 pp axis, 0 marked: above 0 means better. */
function IntervalChart({
  low,
  high,
  difference,
  label,
}: {
  low: number;
  high: number;
  difference: number;
  label: string;
}) {
  const x = (share: number) => 100 + Math.max(-1, Math.min(1, share)) * 95;
  return (
    <svg width="200" height="18" viewBox="0 0 200 18" role="img" aria-label={label}>
      <line x1="100" x2="100" y1="1" y2="17" stroke="currentColor" strokeOpacity="0.4" />
      <line x1={x(low)} x2={x(high)} y1="9" y2="9" stroke="currentColor" strokeWidth="2" />
      <circle cx={x(difference)} cy="9" r="3.5" fill={low > 0 ? 'var(--role-tool, #16a34a)' : 'currentColor'} />
    </svg>
  );
}

function RewriteRow({
  each,
  index,
  onApply,
  applied,
  canApply,
}: {
  each: MeasuredRewrite;
  index: number;
  onApply: () => void;
  applied: boolean;
  canApply: boolean;
}) {
  const { judgement, measured, tokens } = each;
  const extra = tokens.after - tokens.before;
  return (
    <tr className="align-top">
      <td className="max-w-[22rem] whitespace-pre-wrap">
        {each.rewrite.description}
        {Object.entries(each.rewrite.parameters).map(([name, text]) => (
          <div key={name} className="muted">
            {name}: {text}
          </div>
        ))}
      </td>
      <td className="font-mono">{`${measured.passes.count}/${measured.passes.n}`}</td>
      <td>
        <div className="font-mono">{`${pp(judgement.difference)} [${pp(judgement.low)}, ${pp(judgement.high)}]`}</div>
        <IntervalChart
          {...judgement}
          label={`Rewrite ${index + 1}: ${pp(judgement.difference)}, 95 % interval ${pp(judgement.low)} to ${pp(judgement.high)}`}
        />
      </td>
      <td className="font-mono">{`${tokens.after} (${extra >= 0 ? '+' : '−'}${Math.abs(extra)})`}</td>
      <td>
        <strong>{judgement.verdict}</strong>
        {judgement.reasons.map((reason) => (
          <div key={reason} className="muted">
            {reason}
          </div>
        ))}
      </td>
      <td>
        {applied ? <strong>applied</strong> : null}
        {judgement.verdict === 'better' && canApply && !applied ? (
          <button type="button" className="button" onClick={onApply}>
            Apply
          </button>
        ) : null}
      </td>
    </tr>
  );
}

type Options = ImproveOptions;
const NUMBER_BOUNDS = { count: [1, 5], repeats: [1, 50], seed: [0, 1_000_000] } as const;

/** The numbers a person may set before starting: rewrites, repeats, the split's seed, the token bound, parameters too. */
function OptionsForm({ options, onChange }: { options: Options; onChange: (options: Options) => void }) {
  const whole = (text: string, [low, high]: readonly [number, number]) =>
    Math.max(low, Math.min(high, Math.floor(Number(text) || 0)));
  const field = (label: string, key: keyof typeof NUMBER_BOUNDS) => (
    <label className="flex flex-col">
      {label}
      <input
        className="control w-20"
        type="number"
        value={options[key]}
        onChange={(event) => onChange({ ...options, [key]: whole(event.target.value, NUMBER_BOUNDS[key]) })}
      />
    </label>
  );
  return (
    <>
      {field('Rewrites', 'count')}
      {field('Repeats', 'repeats')}
      {field('Seed of the split', 'seed')}
      <label className="flex flex-col">
        Most extra tokens
        <input
          className="control w-20"
          type="number"
          value={options.bound.maxExtraTokens}
          onChange={(event) =>
            onChange({ ...options, bound: { maxExtraTokens: whole(event.target.value, [0, 100_000]) } })
          }
        />
      </label>
      <label className="flex items-center gap-1">
        <input
          type="checkbox"
          checked={options.parameters}
          onChange={(event) => onChange({ ...options, parameters: event.target.checked })}
        />
        Parameters' descriptions too
      </label>
    </>
  );
}

/** The current description and each rewrite: passes, the difference with its interval (drawn), tokens, the verdict, Apply. */
function RewritesTable({
  result,
  current,
  canApply,
  onApply,
}: {
  result: Pick<ImprovementRecord, 'current' | 'rewrites' | 'applied'>;
  current: string;
  canApply: boolean;
  onApply: (index: number) => void;
}) {
  if (!result.current) return null;
  return (
    <>
      <table aria-label="Rewrites measured" className="w-full text-left [&_td]:py-1 [&_td]:pr-3 [&_th]:pr-3">
        <thead>
          <tr>
            <th>Description</th>
            <th>Passed</th>
            <th>Difference (95 %)</th>
            <th>Tokens</th>
            <th>Verdict</th>
            <th />
          </tr>
        </thead>
        <tbody>
          <tr className="align-top">
            <td className="whitespace-pre-wrap">{`${current} (now)`}</td>
            <td className="font-mono">{`${result.current.passes.count}/${result.current.passes.n}`}</td>
            <td />
            <td className="font-mono">{result.rewrites[0]?.tokens.before ?? ''}</td>
            <td />
            <td />
          </tr>
          {result.rewrites.map((each, index) => (
            <RewriteRow
              key={each.rewrite.description}
              each={each}
              index={index}
              applied={result.applied === index}
              canApply={canApply}
              onApply={() => onApply(index)}
            />
          ))}
        </tbody>
      </table>
      <p className="muted">
        Each line is the difference's 95 % interval on a scale from −100 to +100 points; the tick in the middle is 0.
        Runs that could not ask the model, or checked nothing, are not in the counts.
      </p>
    </>
  );
}

/** When and how the shown improvement was measured, and which cases were held out. */
function RecordSummary({ record }: { record: ImprovementRecord }) {
  return (
    <p className="muted">
      {`Measured ${record.at.slice(0, 16).replace('T', ' ')} with ${record.provider} · ${record.model}: split seed ${record.options.seed}, ${record.proposalKeys.length} cases for the proposal (${record.failures} went wrong), held out ${record.heldOutKeys.join(', ')}; ${record.options.repeats} repeats.`}
    </p>
  );
}

/** Why Improve description cannot start, in one sentence; undefined when it can. */
function refusalOf(provider: string, toolName: string, tool: RunnableTool | undefined, cases: number) {
  if (provider === 'simulated')
    return 'The simulated model does not read descriptions: choose a provider, or the model in your browser, to propose and measure rewrites.';
  if (!tool) return `${toolName} is not in the next run (it has problems, or is turned off).`;
  if (tool.run.kind === 'mcp') return "An MCP tool's description is its server's: it cannot be rewritten here.";
  if (cases < 2)
    return 'Improve description measures rewrites on your eval cases and the steps you expect something of: add at least 2 (Evals, or Expect this on a sampled step), better 10 or more.';
  return undefined;
}

/**
 * Improve description (lib/improve/CONTEXT.md): a model proposes rewrites of the tool's description from the
 * runs that went wrong on part of the session's eval cases; each is measured on the other part
 * and offered as better only when the acceptance rule says so (lib/improve/accept-rewrite.ts).
 */
export default function ImproveDescriptionDialog({
  toolName,
  onOpenChange,
}: {
  toolName: string;
  onOpenChange: (open: boolean) => void;
}) {
  const { cases, notes: caseNotes } = useImproveCases();
  const steps = cases.filter((each) => each.kind === 'step').length;
  const provider = useSession((state) => state.settings.provider);
  const model = useSession((state) => state.settings.model);
  const readOnly = useSession((state) => state.readOnly);
  const drafts = useSession((state) => state.tools);
  const { editToolSources, undoToolEdit, markImprovementApplied } = useSessionActions();
  const edited = useSession((state) => state.editedTools);
  // The newest improvement of this tool, as the session keeps it (a link's viewer reads it too).
  const record = useSession((state) => state.improvements.findLast((each) => each.tool === toolName));
  const tool = useToolSetCheck().runnable.find((each) => each.spec.name === toolName);
  const [options, setOptions] = useState<Options>({
    seed: 1,
    count: 3,
    repeats: 10,
    parameters: false,
    bound: { maxExtraTokens: 100 },
  });
  const improving = useImproveDescription();
  const runs = improvementRuns(
    cases.length,
    cases.map((each) => each.key),
    options,
  );
  const what =
    steps === 0
      ? 'eval cases'
      : `cases (${cases.length - steps} eval cases, ${steps} ${steps === 1 ? 'step' : 'steps'} you expect something of)`;
  const refusal = readOnly
    ? 'A shared session is read-only: Fork to edit to improve its tools.'
    : refusalOf(provider, toolName, tool, cases.length);
  const label = `Improve description: ${toolName}`;
  const apply = (index: number) => {
    const draft = drafts.find((candidate) => readToolName(candidate.source) === toolName);
    const source = record && draft && rewriteToolSource(draft.source, record.rewrites[index].rewrite);
    if (!record || !draft || !source) return;
    editToolSources(label, [{ id: draft.id, source }]);
    markImprovementApplied(record.id, index);
  };
  const undo = () => {
    undoToolEdit();
    if (record) markImprovementApplied(record.id, undefined);
  };
  const shown = record ?? improving.result;
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={`Improve the description of ${toolName}`}
      className="w-[min(64rem,calc(100vw-1rem))]"
    >
      <section aria-label="Improve description" className="flex max-h-[75vh] flex-col gap-2 overflow-auto text-xs">
        <p className="muted">
          {`${provider} · ${model} proposes rewrites from the runs that go wrong on ${runs.proposal} of your ${cases.length} ${what}; each rewrite and the current description are run on the other ${runs.heldOut}, ${options.repeats} times each. A rewrite is better only when the 95 % interval of the difference lies above 0, no target's Compatibility gets worse and it costs at most ${options.bound.maxExtraTokens} more tokens.`}
        </p>
        <div className="flex flex-wrap items-end gap-2">
          <OptionsForm options={options} onChange={setOptions} />
          {improving.progress ? (
            <button type="button" className="button" onClick={improving.stop}>
              Stop
            </button>
          ) : (
            <button
              type="button"
              className="button button-primary"
              disabled={refusal !== undefined}
              onClick={() => tool && void improving.start(tool.spec, cases, options)}
            >
              Propose and measure
            </button>
          )}
        </div>
        {caseNotes.map((note) => (
          <p key={note} className="muted">
            {note}
          </p>
        ))}
        {refusal ? (
          <p role="alert">{refusal}</p>
        ) : (
          <p className="muted">{`Up to ${runs.total} model requests: ${runs.proposal} to find what goes wrong, 1 for the rewrites, ${runs.total - runs.proposal - 1} to measure.`}</p>
        )}
        {improving.progress ? (
          <p role="status">{`${improving.progress.doing}: ${improving.progress.done}/${improving.progress.of}`}</p>
        ) : null}
        {improving.failed ? <p role="alert">{improving.failed}</p> : null}
        {record && !improving.progress ? <RecordSummary record={record} /> : null}
        {shown?.problem ? <p role="alert">{shown.problem}</p> : null}
        {shown?.notes.map((note) => (
          <p key={note} className="muted">
            {note}
          </p>
        ))}
        {shown && !improving.progress ? (
          <RewritesTable
            result={shown}
            current={record?.description ?? tool?.spec.description ?? ''}
            canApply={!readOnly && record !== undefined}
            onApply={apply}
          />
        ) : null}
        {edited?.label === label ? (
          <p role="status">
            Applied.{' '}
            <button type="button" className="button" onClick={undo}>
              Undo
            </button>
          </p>
        ) : null}
      </section>
    </Dialog>
  );
}
