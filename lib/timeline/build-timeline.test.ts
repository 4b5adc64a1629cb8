import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { buildTimeline } from './build-timeline';
import { assistant, user } from './fixtures/two-call-run';
import { layoutTimeline, NODE_HEIGHT } from './layout-timeline';
import { DEFAULT_RUN_SETTINGS } from '../shapes/default-run-settings';
import { extractWireSteps } from '../wire/extract-wire-steps';

describe('buildTimeline', () => {
  it('derives user → step → calls → results (joined by call id) → next step', () => {
    const { nodes, edges } = buildTimeline({ messages: [user, assistant] });
    expect(nodes.map((node) => node.label)).toEqual([
      'User message: list the files and show me README.md',
      "Assistant message: I'll call `list_files` and `read_file`.",
      'Tool call list_files',
      'Tool result list_files: ok',
      'Tool call read_file',
      'Tool result read_file: error',
      'Assistant message: Here is what I found.',
    ]);
    expect(edges.map((edge) => [edge.source, edge.target, edge.label, edge.failed])).toEqual([
      ['u1', 'a1:step-1', undefined, false],
      ['a1:step-1', 'call_abc0001:call', undefined, false],
      ['call_abc0001:call', 'call_abc0001:result', '…bc0001', false],
      ['a1:step-1', 'call_abc0002:call', undefined, false],
      ['call_abc0002:call', 'call_abc0002:result', '…bc0002', true],
      ['call_abc0001:result', 'a1:step-2', undefined, false],
      ['call_abc0002:result', 'a1:step-2', undefined, false],
    ]);
    expect(nodes.find((node) => node.id === 'call_abc0002:result')).toMatchObject({
      status: 'failed',
      detail: { toolCallId: 'call_abc0002', errorText: "Error: 'x' not found." },
    });
  });

  it('shows a call still running and a streaming step', () => {
    const running: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        {
          type: 'dynamic-tool',
          toolName: 'bash',
          toolCallId: 'c1',
          state: 'input-available',
          input: { command: 'ls' },
        },
      ],
    };
    const { nodes } = buildTimeline({ messages: [user, running], streaming: true });
    expect(nodes.map((node) => [node.label, node.status])).toEqual([
      ['User message: list the files and show me README.md', 'done'],
      ['Assistant message: Calls bash', 'streaming'],
      ['Tool call bash', 'done'],
      ['Tool result bash: running', 'running'],
    ]);
  });

  it('puts a retry notice on the step it retried, not on a step of its own', () => {
    const retried: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'data-retry', data: { attempt: 1, maxRetries: 3, delayMs: 100, reason: 'HTTP 429' } },
        { type: 'step-start' },
        { type: 'text', text: 'Hello.' },
      ],
    };
    const { nodes } = buildTimeline({ messages: [user, retried] });
    expect(nodes.map((node) => node.label)).toEqual([
      'User message: list the files and show me README.md',
      'Assistant message: Retried 1× (HTTP 429) · Hello.',
    ]);
  });

  it('marks the files a call changed on its result node', () => {
    const wrote: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        {
          type: 'dynamic-tool',
          toolName: 'bash',
          toolCallId: 'c1',
          state: 'output-available',
          input: {},
          output: {
            success: true,
            output: '',
            state_changes: [
              { type: 'FileCreated', path: 'a.txt' },
              { type: 'FileModified', path: 'b.txt' },
            ],
          },
        },
      ],
    };
    const result = buildTimeline({ messages: [user, wrote] }).nodes.find((node) => node.id === 'c1:result');
    expect(result?.badges).toEqual([
      { text: '+a.txt', tone: 'neutral' },
      { text: '~b.txt', tone: 'neutral' },
    ]);
  });

  it('shows what the newest request left out of its history, on the band and on the nodes', () => {
    const second: UIMessage = { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'and now?' }] };
    const answer: UIMessage = {
      id: 'a2',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'text', text: 'Done.' },
        {
          type: 'data-history',
          data: {
            strategy: 'drop-oldest',
            estimatedTokens: 900,
            sentTokens: 300,
            omitted: ['u1', 'a1:step-1'],
            note: '[Earlier conversation left out]',
          },
        },
      ],
    };
    const { nodes, segments } = buildTimeline({ messages: [user, assistant, second, answer] });
    expect(segments.find((segment) => segment.id === 'a2:step-1')?.band).toContain('2 left out of history');
    const leftOut = nodes.filter((node) => node.badges.some((badge) => badge.text === 'left out'));
    expect(leftOut.map((node) => node.id)).toEqual(['u1', 'a1:step-1']);
    expect(
      extractWireSteps([user, assistant, second, answer], DEFAULT_RUN_SETTINGS, [])
        .get('a2:step-1')
        ?.request.messages.map((message) => message.role),
    ).toEqual(['user', 'assistant', 'user']);
  });

  it('marks the step a failed stream cut short as incomplete', () => {
    const cut: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [{ type: 'step-start' }, { type: 'text', text: 'Hel' }],
    };
    const { nodes } = buildTimeline({ messages: [user, cut], error: 'stream cut' });
    expect(nodes.slice(1).map((node) => [node.label, node.status])).toEqual([
      ['Assistant message (incomplete): Hel', 'incomplete'],
      ['Error: stream cut', 'failed'],
    ]);
  });

  it('adds an Error node after the last node when the request failed', () => {
    const { nodes, edges } = buildTimeline({ messages: [user], error: 'Network down' });
    expect(nodes.at(-1)).toMatchObject({ kind: 'error', label: 'Error: Network down' });
    expect(edges.at(-1)).toMatchObject({ source: 'u1', target: 'main:error', failed: true });
  });

  it('is empty for an empty session', () => {
    expect(buildTimeline({ messages: [] })).toMatchObject({ nodes: [], edges: [], segments: [] });
  });
});

describe('the graph grammar', () => {
  it('groups each model step into a band captioned with its time and tokens', () => {
    const reported: UIMessage = {
      ...assistant,
      parts: [
        ...assistant.parts.slice(0, 4),
        {
          type: 'data-step',
          data: {
            provider: 'simulated',
            model: 'simulated-1',
            durationMs: 1320,
            inputTokens: 412,
            outputTokens: 58,
            finishReason: 'tool-calls',
          },
        },
        ...assistant.parts.slice(4),
      ],
    };
    const { segments } = buildTimeline({ messages: [user, reported] });
    expect(segments.map((segment) => [segment.id, segment.band, segment.nodeIds.length])).toEqual([
      ['u1', undefined, 1],
      ['a1:step-1', 'Step 1 · 1.3 s · 412 → 58 tokens', 5],
      ['a1:step-2', 'Step 2', 1],
    ]);
  });

  it('marks invalid arguments on the call, and times, truncation and the final answer', () => {
    const message: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        {
          type: 'dynamic-tool',
          toolName: 'write_file',
          toolCallId: 'c1',
          state: 'output-error',
          input: { path: 'a' },
          errorText: "Error: Invalid arguments for 'write_file'.\n- content: required",
        },
        {
          type: 'dynamic-tool',
          toolName: 'bash',
          toolCallId: 'c2',
          state: 'output-available',
          input: { command: 'yes' },
          output: {
            success: true,
            output: 'y',
            execution_time_ms: 12,
            metadata: { stdout_truncated: true, total_output_bytes: 99999 },
          },
        },
        { type: 'step-start' },
        { type: 'text', text: 'Done.' },
      ],
    };
    const { nodes } = buildTimeline({ messages: [user, message], outcomes: { c1: 'invalid-input', c2: 'ok' } });
    const at = (id: string) => nodes.find((node) => node.id === id)!;
    expect(at('c1:call')).toMatchObject({
      label: 'Tool call write_file (invalid arguments)',
      badges: [{ text: 'invalid arguments', tone: 'error' }],
    });
    expect(at('c2:call').badges).toEqual([{ text: 'valid', tone: 'ok' }]);
    expect(at('c2:result')).toMatchObject({
      label: 'Tool result bash: ok, truncated',
      badges: [
        { text: 'truncated', tone: 'error' },
        { text: '12 ms', tone: 'neutral' },
      ],
    });
    expect(at('a1:step-2').title).toBe('Final answer · step 2');
  });

  it('draws an approval gate between a call and its result, waiting, approved or rejected', () => {
    const message: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        {
          type: 'dynamic-tool',
          toolName: 'bash',
          toolCallId: 'c1',
          state: 'output-error',
          input: {},
          errorText: "Error: The user rejected this call to 'bash': no",
        },
        {
          type: 'dynamic-tool',
          toolName: 'read_file',
          toolCallId: 'c2',
          state: 'output-available',
          input: {},
          output: 'x',
        },
        { type: 'dynamic-tool', toolName: 'write_file', toolCallId: 'c3', state: 'input-available', input: {} },
      ],
    };
    const { nodes, edges } = buildTimeline({
      messages: [user, message],
      approvals: { c1: 'rejected', c2: 'edited' },
      pausedToolCallId: 'c3',
    });
    expect(nodes.filter((node) => node.kind === 'approval').map((node) => [node.label, node.status])).toEqual([
      ['Approval bash: rejected', 'blocked'],
      ['Approval read_file: approved with edited arguments', 'done'],
      ['Approval write_file: waiting', 'paused'],
    ]);
    expect(nodes.find((node) => node.id === 'c1:result')).toMatchObject({
      label: 'Tool result bash: blocked',
      status: 'blocked',
    });
    expect(edges.filter((edge) => edge.target === 'c1:result').map((edge) => [edge.source, edge.label])).toEqual([
      ['c1:approval', 'c1'],
    ]);
  });
});

describe('layoutTimeline', () => {
  it('stacks segments so that a new step never moves what is already drawn', () => {
    const before = layoutTimeline(
      buildTimeline({ messages: [user, { ...assistant, parts: assistant.parts.slice(0, 4) }] }),
    );
    const after = layoutTimeline(buildTimeline({ messages: [user, assistant] }));
    expect(before.nodes.length).toBeGreaterThan(2);
    for (const node of before.nodes) {
      expect(after.nodes.find((candidate) => candidate.id === node.id)).toMatchObject({ x: node.x, y: node.y });
    }
    const band = after.bands.find((candidate) => candidate.id === 'a1:step-1:band')!;
    const inside = after.nodes.filter((node) => node.segment === 'a1:step-1');
    // The step, its two calls and their results: an empty list would make the check below vacuous.
    expect(inside.map((node) => node.id)).toEqual([
      'a1:step-1',
      'call_abc0001:call',
      'call_abc0001:result',
      'call_abc0002:call',
      'call_abc0002:result',
    ]);
    expect(
      inside.every(
        (node) =>
          node.x >= band.x &&
          node.x + node.width <= band.x + band.width &&
          node.y >= band.y &&
          node.y + node.height <= band.y + band.height,
      ),
    ).toBe(true);
  });

  it('puts each rank below the one before and parallel calls side by side', () => {
    const { nodes } = layoutTimeline(buildTimeline({ messages: [user, assistant] }));
    const at = (id: string) => nodes.find((node) => node.id === id)!;
    expect(at('a1:step-1').y).toBeGreaterThanOrEqual(at('u1').y + NODE_HEIGHT);
    expect(at('call_abc0001:call').y).toBe(at('call_abc0002:call').y);
    expect(at('call_abc0001:call').x).toBeLessThan(at('call_abc0002:call').x);
    expect(at('call_abc0001:result').x).toBeLessThan(at('call_abc0002:result').x);
    expect(at('a1:step-2').y).toBeGreaterThan(at('call_abc0001:result').y);
  });
});
