'use client';

import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { type StepDecision, stepDecisionOf } from '@/lib/evals/sampling/step-decision';
import { DecisionProbabilities } from './decision-probabilities';
import { extractWireSteps, readStepReport, type StepReport } from '@/lib/wire/extract-wire-steps';
import type { WireStep } from '@/lib/wire/wire-types';
import type { WireCapture } from '@/lib/shapes/wire-capture';
import { toolResultText } from '@/lib/messages/split-steps';
import { renderLLMSpanAttributes, renderToolSpanAttributes } from '@/lib/wire/render-openinference';
import type { ChatRequest } from '@/lib/agent/chat-route';
import { requestToolSpecs } from '@/lib/tools/request-tool-specs';
import { messagesBeforeStep } from '@/lib/messages/messages-before-step';
import { applyHistory, readHistoryReport } from '@/lib/messages/plan-history';
import type { PositionedNode } from '@/lib/timeline/timeline-types';
import { CollapseButton } from '../shared/collapse-button';
import { useSession, useToolSetCheck } from '../runtime/runtime-context';
import { useTimeline } from '../shared/use-timeline';
import { EventLog } from './event-log';
import { isSimulatedUserTurn } from '@/lib/messages/simulated-user-turn';
import { ForkForm } from './fork-form';
import { SaveCaseButton } from './save-case-button';
import { DivergedHere, ReplayFromHere, ReplayFromHereDialog } from './replay-from-here';
import { type Perturbed, PerturbedStatus, PerturbMenu } from './perturb-menu';
import { JsonView } from './json-view';
import { Tabs } from '../ui/tabs';
import { WireView } from './wire-view';
import { McpWireOfCall } from './mcp-wire-view';
import { McpResultOrNote } from '../shared/mcp-result-view';
import type { ReadMcpResult } from '@/lib/mcp/mcp-result';
import { withQueryClient } from '../shared/with-query-client';

const TABS = ['Message', 'Wire', 'OpenInference', 'Timing'] as const;
// The sampler (and its statistics) loads when a model step is first inspected, not with the page.
const UserTurnSampler = lazy(() =>
  import('./user-turn-sampler').then((module) => ({ default: module.UserTurnSampler })),
);
/** `Sample this step` on a simulated user's turn (its code loaded on use). */
function UserTurnSamplerOf({ node }: { node: PositionedNode }) {
  if (node.kind !== 'user' || !isSimulatedUserTurn(node.detail)) return null;
  return (
    <Suspense fallback={<p className="muted text-xs">Loading the sampler…</p>}>
      <UserTurnSampler key={node.id} messageId={node.detail.id} />
    </Suspense>
  );
}

const StepSampler = lazy(() => import('./step-sampler').then((module) => ({ default: module.StepSampler })));
type Tab = (typeof TABS)[number];

/** The call a node is about (a call, its approval gate or its result), if any. */
function toolCallIdOf(node: PositionedNode): string | undefined {
  return node.kind === 'tool-call' || node.kind === 'approval' || node.kind === 'tool-result'
    ? node.detail.toolCallId
    : undefined;
}

/** What a finished result node says the tool returned (or the error it gave). */
function resultOf(node: PositionedNode): { output?: unknown; errorText?: string; mcp?: ReadMcpResult } | undefined {
  return node.kind === 'tool-result' && node.detail.finished ? node.detail : undefined;
}

function TimingView({ report, node }: { report: StepReport | undefined; node: PositionedNode }) {
  const events = useSession((state) => state.events);
  const toolCallId = toolCallIdOf(node);
  const own = toolCallId ? events.filter((event) => event.toolCallId === toolCallId) : [];
  const output = resultOf(node)?.output as { execution_time_ms?: number } | undefined;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
      {report ? (
        <>
          <dt className="muted">Model</dt>
          <dd>
            {report.provider} · {report.model}
          </dd>
          <dt className="muted">Step time</dt>
          <dd>{report.durationMs} ms</dd>
          <dt className="muted">Tokens</dt>
          <dd>
            {report.inputTokens ?? '?'} in → {report.outputTokens ?? '?'} out
          </dd>
          <dt className="muted">Finish</dt>
          <dd>{report.finishReason}</dd>
        </>
      ) : (
        <>
          <dt className="muted">Step</dt>
          <dd>no timing reported (streaming, stopped, or from before timings were kept)</dd>
        </>
      )}
      {typeof output?.execution_time_ms === 'number' ? (
        <>
          <dt className="muted">Tool ran</dt>
          <dd>{output.execution_time_ms} ms</dd>
        </>
      ) : null}
      {own.map((event, index) => (
        <div key={index} className="contents">
          <dt className="muted">{event.kind}</dt>
          <dd>{new Date(event.atMs).toISOString().slice(11, 23)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A step of the model in this tab: the text llama.cpp evaluated, and how it sampled. */
function LocalPromptView({ prompt, decision }: { prompt: string; decision: StepDecision | undefined }) {
  return (
    <section aria-label="Sent to the model in your browser" className="flex flex-col gap-1">
      <h4 className="text-xs font-semibold">Sent to llama.cpp in this tab: the text the model read</h4>
      <p className="muted text-xs">
        Its chat template rendered with the messages and tools, evaluated as it is
        {decision?.sampling
          ? ` (temperature ${decision.sampling.temperature}, top-p ${decision.sampling.topP}, top-k ${decision.sampling.topK}, seed ${decision.sampling.seed}${decision.constrained ? ', under the decision grammar' : ''})`
          : ''}
        . The formats below show the same step as a hosted provider would receive it.
      </p>
      <pre className="max-h-72 overflow-auto whitespace-pre-wrap break-all text-xs">{prompt}</pre>
    </section>
  );
}

/** The Wire tab: an MCP call's exchange with its server, the text a model in this tab read, the step as each provider takes it. */
function WireTab({
  node,
  local,
  stepId,
  step,
  chat,
  capture,
}: {
  node: PositionedNode;
  local: { prompt: string; decision: StepDecision | undefined } | undefined;
  stepId: string | undefined;
  step: WireStep | undefined;
  chat: ChatRequest | undefined;
  capture: WireCapture | undefined;
}) {
  const toolCallId = toolCallIdOf(node);
  return (
    <>
      {toolCallId && 'toolName' in node.detail ? (
        <McpWireOfCall toolCallId={toolCallId} toolName={node.detail.toolName} />
      ) : null}
      {local ? <LocalPromptView prompt={local.prompt} decision={local.decision} /> : null}
      {step ? (
        <WireView key={stepId} step={step} chat={chat} capture={capture} />
      ) : (
        <p className="muted text-xs">This node is not part of a model step.</p>
      )}
    </>
  );
}

/** The step's OpenInference span attributes, and the selected call's. */
function OpenInferenceView({
  step,
  stepId,
  call,
  detail,
}: {
  step: WireStep;
  stepId: string | undefined;
  call: WireStep['response']['toolCalls'][number] | undefined;
  detail: ReturnType<typeof resultOf> | undefined;
}) {
  const provider = useSession((state) => state.settings.provider);
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-xs font-semibold">LLM span (step {stepId?.split('-').at(-1)})</h4>
      <JsonView value={renderLLMSpanAttributes(step, provider)} label="LLM span attributes" />
      {call ? (
        <>
          <h4 className="text-xs font-semibold">TOOL span ({call.name})</h4>
          <JsonView
            value={renderToolSpanAttributes(
              call,
              detail?.errorText ?? (detail && 'output' in detail ? toolResultText(detail.output) : undefined),
            )}
            label="Tool span attributes"
          />
        </>
      ) : null}
    </div>
  );
}

/** The chat request that produced the selected step: its history as sent, the tools, the settings. */
function useStepChat(stepNode: PositionedNode | undefined) {
  const messages = useSession((state) => state.messages);
  const settings = useSession((state) => state.settings);
  const { runnable } = useToolSetCheck();
  return useMemo(() => {
    if (stepNode?.kind !== 'assistant') return undefined;
    const before = messagesBeforeStep(messages, stepNode.detail.id, stepNode.detail.step);
    if (!before) return undefined;
    // As the step was sent: what its history policy left out stays out (recorded, not planned again).
    const recorded = readHistoryReport(stepNode.detail.parts);
    const history = recorded ? applyHistory(before, recorded) : before;
    return {
      messages: history as ChatRequest['messages'],
      tools: requestToolSpecs(runnable),
      settings: { ...settings, history: undefined },
    };
  }, [stepNode, messages, runnable, settings]);
}

/**
 * Details of the selected graph node: the data as the session holds it, then the expert
 * views — the step in each provider's wire format, its OpenInference attributes, timing.
 */
function InspectorPaneAlone({ onCollapse }: { onCollapse?: () => void }) {
  const presenter = useSession((state) => state.presenter);
  const selectedNodeId = useSession((state) => state.selectedNodeId);
  const messages = useSession((state) => state.messages);
  const settings = useSession((state) => state.settings);
  const { runnable } = useToolSetCheck();
  const timeline = useTimeline();
  const [tab, setTab] = useState<Tab>('Message');
  // Kept here, not on the node: a replay starts a branch, which clears the selection.
  const [replayFrom, setReplayFrom] = useState<string>();
  const [perturbed, setPerturbed] = useState<Perturbed>();
  // A lesson's stop that names a provider format shows its step on the wire, in that format.
  const lessonFormat = useSession((state) =>
    state.lessonPlay ? state.lesson?.stops[state.lessonPlay.stop]?.format : undefined,
  );
  useEffect(() => {
    if (lessonFormat) setTab('Wire');
  }, [lessonFormat]);
  const node = timeline.nodes.find((candidate) => candidate.id === selectedNodeId);
  // Worked out once something is selected (not for every change of a long session nobody inspects).
  const inspecting = node !== undefined;
  const steps = useMemo(
    () =>
      inspecting
        ? extractWireSteps(
            messages,
            settings,
            runnable.map((tool) => tool.spec),
          )
        : undefined,
    [inspecting, messages, settings, runnable],
  );
  const stepId = node?.stepId;
  const localPrompt = useSession((state) => (stepId ? state.localPrompts[stepId] : undefined));
  const stepDecision = useMemo(
    () => (node?.kind === 'assistant' && stepId ? stepDecisionOf(messages, stepId) : undefined),
    [node?.kind, stepId, messages],
  );
  const step = stepId ? steps?.get(stepId) : undefined;
  const stepNode = timeline.nodes.find((candidate) => candidate.id === stepId);
  const report = stepNode?.kind === 'assistant' ? readStepReport(stepNode.detail.parts) : undefined;
  const toolCallId = node ? toolCallIdOf(node) : undefined;
  const call =
    step && toolCallId ? step.response.toolCalls.find((candidate) => candidate.id === toolCallId) : undefined;
  const detail = node ? resultOf(node) : undefined;
  const wireCaptures = useSession((state) => state.wireCaptures);
  const stepChat = useStepChat(stepNode);

  return (
    <section aria-label="Inspector" className="pane">
      <h2 className="pane-title">
        Inspector
        <CollapseButton name="Inspector" onCollapse={onCollapse} />
      </h2>
      <div className="flex min-h-0 flex-1 flex-col gap-2 overflow-auto p-3 text-sm">
        {node ? (
          <>
            <h3 className="font-semibold">{node.title}</h3>
            <Tabs label="Inspector views" tabs={TABS} current={tab} onChange={setTab} panelClassName="pt-2">
              {tab === 'Message' ? (
                <div className="flex flex-col gap-2">
                  {detail?.mcp ? <McpResultOrNote read={detail.mcp} /> : null}
                  {node.kind === 'assistant' && stepId ? <DivergedHere stepId={stepId} /> : null}
                  {stepDecision ? <DecisionProbabilities decision={stepDecision} prompt={localPrompt} /> : null}
                  {node.kind === 'assistant' &&
                  stepId &&
                  !presenter &&
                  timeline.lanes.find((lane) => lane.id === node.lane)?.active ? (
                    <Suspense fallback={<p className="muted text-xs">Loading the sampler…</p>}>
                      <StepSampler key={stepId} stepId={stepId} />
                    </Suspense>
                  ) : null}
                  {!presenter && timeline.lanes.find((lane) => lane.id === node.lane)?.active ? (
                    <UserTurnSamplerOf node={node} />
                  ) : null}
                  <JsonView value={node.detail} label="Node JSON" />
                  {/* Presenting shows the run, not the controls that change it. */}
                  {!presenter && timeline.lanes.find((lane) => lane.id === node.lane)?.active ? (
                    <>
                      <ForkForm key={node.id} node={node} />
                      <ReplayFromHere node={node} onReplay={setReplayFrom} />
                      <PerturbMenu node={node} onPerturbed={setPerturbed} />
                      <SaveCaseButton key={`case-${node.id}`} node={node} />
                    </>
                  ) : null}
                </div>
              ) : null}
              {tab === 'Wire' ? (
                <WireTab
                  node={node}
                  local={localPrompt ? { prompt: localPrompt, decision: stepDecision } : undefined}
                  stepId={stepId}
                  step={step}
                  chat={stepChat}
                  capture={stepId ? wireCaptures[stepId] : undefined}
                />
              ) : null}
              {tab === 'OpenInference' ? (
                step ? (
                  <OpenInferenceView step={step} stepId={stepId} call={call} detail={detail} />
                ) : (
                  <p className="muted text-xs">This node is not part of a model step.</p>
                )
              ) : null}
              {tab === 'Timing' ? <TimingView report={report} node={node} /> : null}
            </Tabs>
          </>
        ) : (
          <p className="muted">
            Select a node in the Timeline to see its message, arguments or result — and the same step in each
            provider&apos;s wire format.
          </p>
        )}
      </div>
      {perturbed ? <PerturbedStatus perturbed={perturbed} /> : null}
      <EventLog />
      {replayFrom ? <ReplayFromHereDialog messageId={replayFrom} onClose={() => setReplayFrom(undefined)} /> : null}
    </section>
  );
}

/** The Inspector, with the page's TanStack Query client (the Wire view's rendered request). */
export const InspectorPane = withQueryClient(InspectorPaneAlone);
