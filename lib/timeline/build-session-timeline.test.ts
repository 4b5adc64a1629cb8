import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { buildSessionTimeline } from './build-session-timeline';
import { assistant, user } from './fixtures/two-call-run';
import { followedNodeIds } from './followed-node-ids';
import { layoutTimeline, NODE_HEIGHT } from './layout-timeline';

/** Every branch of a session on one graph: lanes side by side, and where a replay parted from the run it replayed. */
describe('branches in the graph', () => {
  it('draws another branch as its own lane, leaving the active path where they diverge', () => {
    const forked: UIMessage = { ...assistant, id: 'a2', parts: assistant.parts.slice(0, 4) };
    const timeline = buildSessionTimeline({
      messages: [user, forked],
      activeBranch: { id: 'b2', label: 'Branch 2' },
      branches: [{ id: 'b1', label: 'Branch 1', messages: [user, assistant] }],
    });
    expect(timeline.lanes).toEqual([
      { id: 'b2', label: 'Branch 2 · active', active: true, branchFrom: undefined },
      { id: 'b1', label: 'Branch 1 · inactive', active: false, branchFrom: 'u1' },
    ]);
    expect(timeline.nodes.filter((node) => node.id.startsWith('b1/')).map((node) => node.id)).toContain(
      'b1/call_abc0001:result',
    );
    expect(timeline.edges).toContainEqual(expect.objectContaining({ source: 'u1', target: 'b1/a1:step-1' }));
    const { nodes, bands } = layoutTimeline(timeline);
    const x = (id: string) => nodes.find((node) => node.id === id)!.x;
    expect(x('b1/a1:step-1')).toBeGreaterThan(x('a2:step-1') + NODE_HEIGHT);
    expect(bands.filter((band) => band.kind === 'lane').map((band) => band.label)).toEqual([
      'Branch 1 · inactive',
      'Branch 2 · active',
    ]);
  });
});

describe('a replay beside the run it replayed', () => {
  const forked: UIMessage = { ...assistant, id: 'a2', parts: assistant.parts.slice(0, 4) };
  const record = {
    originalBranchId: 'b1',
    originalLabel: 'Branch 1',
    fromMessageId: 'u1',
    onDivergence: 'go-live' as const,
    served: 0,
    live: 2,
    callsServed: 0,
    diverged: { at: 0, recordedStepId: 'a1:step-1', paths: ['tools[5].description', 'settings.temperature'] },
    ended: true,
  };
  const divergence = (replays: Parameters<typeof buildSessionTimeline>[0]['replays'], active = 'b2') =>
    buildSessionTimeline({
      messages: active === 'b2' ? [user, forked] : [user, assistant],
      activeBranch: { id: active, label: active },
      branches: [
        active === 'b2'
          ? { id: 'b1', label: 'Branch 1', messages: [user, assistant] }
          : { id: 'b2', label: 'Branch 2', messages: [user, forked] },
      ],
      replays,
    }).edges.filter((edge) => edge.divergence !== undefined);

  it('joins the recorded step to the replay step that parted from it, saying what differed — whichever lane is active', () => {
    const label = 'Diverged at request 1: tools[5].description (+1 more)';
    expect(divergence({ b2: record })).toEqual([
      expect.objectContaining({ source: 'b1/a1:step-1', target: 'a2:step-1', label, divergence: label }),
    ]);
    expect(divergence({ b2: record }, 'b1')).toEqual([
      expect.objectContaining({ source: 'a1:step-1', target: 'b2/a2:step-1', divergence: label }),
    ]);
  });

  it('draws nothing for a replay that did not part, a branch that is not its original, or a step not drawn', () => {
    expect(divergence({ b2: { ...record, diverged: undefined } })).toEqual([]);
    expect(divergence({ b2: { ...record, originalBranchId: 'b9' } })).toEqual([]);
    expect(divergence({ b2: { ...record, diverged: { ...record.diverged, at: 5 } } })).toEqual([]);
    expect(divergence(undefined)).toEqual([]);
  });
});

describe('Follow latest', () => {
  it("keeps the active lane's newest nodes in view, never another branch's drawn after it", () => {
    const forked: UIMessage = { ...assistant, id: 'a2', parts: assistant.parts.slice(0, 4) };
    const timeline = layoutTimeline(
      buildSessionTimeline({
        messages: [user, forked],
        activeBranch: { id: 'b2', label: 'Branch 2' },
        branches: [{ id: 'b1', label: 'Branch 1', messages: [user, assistant] }],
      }),
    );
    const followed = followedNodeIds(timeline);
    expect(followed.length).toBeGreaterThan(0);
    expect(followed.every((id) => !id.startsWith('b1/'))).toBe(true);
    // The graph's own last nodes are the other lane's: following them was the bug.
    expect(timeline.nodes.at(-1)?.id.startsWith('b1/')).toBe(true);
    // With no branch, every node is the active lane's.
    const single = layoutTimeline(
      buildSessionTimeline({ messages: [user, assistant], activeBranch: { id: 'b1', label: 'B' }, branches: [] }),
    );
    const ids = single.nodes.map((node) => node.id);
    expect(followedNodeIds(single)).toEqual(ids.length <= 8 ? ids : ids.slice(-3));
  });
});

describe('Follow latest in a lesson', () => {
  it("follows the stop's node alone when it is drawn, and the lane's newest otherwise", () => {
    const timeline = layoutTimeline(
      buildSessionTimeline({ messages: [user, assistant], activeBranch: { id: 'b1', label: 'B' }, branches: [] }),
    );
    const stop = timeline.nodes[1].id;
    expect(followedNodeIds(timeline, stop)).toEqual([stop]);
    expect(followedNodeIds(timeline, 'not-drawn')).toEqual(followedNodeIds(timeline));
  });
});
