import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import type { TimelineNode, TimelineNodeKind } from '@/lib/timeline/timeline-types';

export type TimelineFlowNode = Node<{ node: TimelineNode }, 'timeline'>;

/** One colour and one shape per role, the same as in the chat. */
const ROLE_STYLE = {
  user: 'border-role-user bg-role-user/10 rounded-2xl',
  assistant: 'border-role-assistant bg-role-assistant/10 rounded-lg',
  'tool-call': 'border-role-call bg-role-call/10 rounded-sm border-dashed',
  'tool-result': 'border-role-result bg-role-result/10 rounded-none',
  error: 'border-role-error bg-role-error/15 rounded-md border-[3px]',
} satisfies Record<TimelineNodeKind, string>;

const STATUS_TEXT = { streaming: 'streaming…', running: 'running…', paused: 'paused', done: '', failed: 'error', incomplete: 'incomplete' } as const;

/** A graph node: role, title, a one-line summary and its status. */
export function TimelineNodeView({ data, selected }: NodeProps<TimelineFlowNode>) {
  const { node } = data;
  const failed = node.status === 'failed';
  return (
    <div
      className={`h-[76px] w-[240px] border-2 px-2 py-1 text-left text-xs ${ROLE_STYLE[node.kind]} ${failed && node.kind !== 'error' ? '!border-role-error' : ''} ${selected ? 'ring-2 ring-blue-500 ring-offset-1' : ''} ${node.status === 'streaming' ? 'border-dotted' : ''} ${node.status === 'incomplete' ? '!border-dashed' : ''}`}
      style={{ background: 'var(--panel)' }}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <div className="flex items-center gap-1 font-semibold">
        <span className="truncate">{node.title}</span>
        {STATUS_TEXT[node.status] ? (
          <span className={`ml-auto shrink-0 ${failed ? 'text-role-error' : 'muted'}`}>{STATUS_TEXT[node.status]}</span>
        ) : null}
      </div>
      <p className="muted mt-0.5 line-clamp-2 break-all font-mono text-[11px]">{node.summary}</p>
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </div>
  );
}
