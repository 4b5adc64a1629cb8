import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import type { Badge, PositionedNode, TimelineNodeKind, TimelineNodeStatus } from '@/lib/timeline/timeline-types';
import { sampledBadge } from '@/lib/evals/sampling/sampled-badge';
import { decisionBadge, stepDecisionOf } from '@/lib/evals/sampling/step-decision';
import { useSession } from '../runtime/runtime-context';
import { divergedStepId } from '@/lib/messages/diverged-step';

export type TimelineFlowNode = Node<{ node: PositionedNode }, 'timeline'>;
export type BandFlowNode = Node<{ label: string; width: number; height: number; kind: 'step' | 'lane' }, 'band'>;

/** One colour and one shape per role, the same as in the chat. */
export const ROLE_STYLE = {
  user: 'border-role-user bg-role-user/10 rounded-2xl',
  assistant: 'border-role-assistant bg-role-assistant/10 rounded-lg',
  'tool-call': 'border-role-call bg-role-call/10 rounded-sm border-dashed',
  approval: 'border-role-call bg-role-call/10 rounded-[38px] border-double border-4',
  'tool-result': 'border-role-result bg-role-result/10 rounded-none',
  error: 'border-role-error bg-role-error/15 rounded-md border-[3px]',
} satisfies Record<TimelineNodeKind, string>;

/** Status marks in characters every system font has (emoji such as ⏸ draw as boxes without an emoji font). */
export const STATUS_TEXT = {
  streaming: '⋯ streaming',
  running: '⟳ running',
  paused: '‖ paused',
  done: '',
  failed: '✕ error',
  blocked: '⊘ blocked',
  incomplete: '◌ incomplete',
} satisfies Record<TimelineNodeStatus, string>;

export const BADGE_TONES = {
  neutral: 'bg-[var(--hover)]',
  ok: 'bg-[var(--hover)]',
  error: 'bg-role-error/15 text-role-error',
} satisfies Record<Badge['tone'], string>;

/** A running call's summary, with the progress its MCP server last reported ("3/5 · copying"). */
function ProgressLine({ toolCallId, summary }: { toolCallId: string; summary: string }) {
  const progress = useSession((state) => state.toolCallProgress[toolCallId]);
  if (!progress) return <p className="muted line-clamp-1 break-all font-mono">{summary}</p>;
  const fraction = progress.total ? Math.min(1, progress.progress / progress.total) : undefined;
  // "0 · waiting for your answer" says less than its message alone (a call's first report, or a question).
  const count = progress.progress === 0 && !progress.total && progress.message ? '' : `${progress.progress}`;
  const words = `${count}${progress.total ? `/${progress.total}` : ''}${progress.message ? `${count ? ' · ' : ''}${progress.message}` : ''}`;
  return (
    <div className="flex items-center gap-1">
      {fraction === undefined ? null : (
        <progress className="h-1.5 w-16" value={fraction} max={1} aria-label={`Progress ${words}`} />
      )}
      <span className="muted line-clamp-1 break-all font-mono">{words}</span>
    </div>
  );
}

/** A graph node: role, title, a one-line summary, badges and its status (drawn, not only written). */
export function TimelineNodeView({ data, selected }: NodeProps<TimelineFlowNode>) {
  const { node } = data;
  // A model step that was sampled says how often (its samples are in the Inspector).
  const sampled = useSession((state) =>
    node.kind === 'assistant' && node.stepId ? sampledBadge(state.stepSamples[node.stepId]?.samplings ?? []) : '',
  );
  // A step the model in the browser made: its likeliest choices, with the model's own probabilities.
  const decided = useSession((state) => {
    if (node.kind !== 'assistant' || !node.stepId) return '';
    const decision = stepDecisionOf(state.messages, node.stepId);
    return decision ? decisionBadge(decision) : '';
  });
  // The step of a replay branch where it parted from the recording.
  const diverged = useSession(
    (state) =>
      node.kind === 'assistant' &&
      node.stepId !== undefined &&
      state.replays[state.activeBranch.id] !== undefined &&
      divergedStepId(state.messages, state.replays[state.activeBranch.id]) === node.stepId,
  );
  const badges: Badge[] = [
    ...node.badges,
    ...(decided ? [{ text: decided, tone: 'neutral' as const }] : []),
    ...(sampled ? [{ text: sampled, tone: 'neutral' as const }] : []),
    ...(diverged ? [{ text: 'Diverged here', tone: 'error' as const }] : []),
  ];
  const failed = node.status === 'failed' || node.status === 'blocked';
  return (
    <div
      className={`border-2 px-2 py-1 text-left text-sm ${ROLE_STYLE[node.kind]} ${failed && node.kind !== 'error' ? '!border-role-error' : ''} ${selected ? 'ring-2 ring-blue-500 ring-offset-1' : ''} ${node.status === 'streaming' || node.status === 'running' ? 'timeline-node-live' : ''} ${node.status === 'incomplete' ? '!border-dashed opacity-80' : ''}`}
      // The size the layout gave it (one source: lib/timeline/layout-timeline).
      style={{ width: node.width, height: node.height, background: 'var(--panel)' }}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <div className="flex items-center gap-1 font-semibold">
        <span className="truncate">{node.title}</span>
        {STATUS_TEXT[node.status] ? (
          <span className={`ml-auto shrink-0 font-normal ${failed ? 'text-role-error' : 'muted'}`}>
            {STATUS_TEXT[node.status]}
          </span>
        ) : null}
      </div>
      {node.kind === 'tool-result' && node.status === 'running' ? (
        <ProgressLine toolCallId={node.detail.toolCallId} summary={node.summary} />
      ) : (
        <p className="muted line-clamp-1 break-all font-mono">{node.summary}</p>
      )}
      {badges.length > 0 ? (
        <div className="flex gap-1 overflow-hidden whitespace-nowrap">
          {badges.map((badge) => (
            <span key={badge.text} className={`rounded px-1 ${BADGE_TONES[badge.tone]}`}>
              {badge.text}
            </span>
          ))}
        </div>
      ) : null}
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </div>
  );
}

/** The band behind a model step's nodes, captioned with its number, time and tokens. */
export function StepBandView({ data }: NodeProps<BandFlowNode>) {
  return (
    <div
      className={data.kind === 'lane' ? 'timeline-lane' : 'timeline-band'}
      style={{ width: data.width, height: data.height }}
    >
      <span className="timeline-band-caption">{data.label}</span>
    </div>
  );
}
