import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { toolErrorText } from '../shapes/tool-error';
import { buildToolStats, pickRate, toolStatsCsv } from './tool-stats';

const step = (offeredTools: string[]) => ({
  type: 'data-step',
  data: {
    provider: 'simulated',
    model: 'sim',
    durationMs: 5,
    inputTokens: 1,
    outputTokens: 1,
    finishReason: 'tool-calls',
    offeredTools,
  },
});
const call = (id: string, tool: string, result: 'ok' | 'error', errorType = 'ExecutionError' as const) =>
  result === 'ok'
    ? { type: `tool-${tool}`, toolCallId: id, state: 'output-available', input: {}, output: { ok: true } }
    : {
        type: `tool-${tool}`,
        toolCallId: id,
        state: 'output-error',
        input: {},
        errorText: toolErrorText({
          type: errorType,
          message: 'no',
          code: 'E',
          details: {},
          recoverable: true,
          suggestedAction: 'retry',
          executionTimeMs: 40,
        }),
      };

const messages = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'go' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      call('c1', 'read_file', 'error'),
      call('c2', 'bash', 'ok'),
      step(['read_file', 'bash', 'search']),
      { type: 'step-start' },
      call('c3', 'read_file', 'ok'),
      step(['read_file', 'bash', 'search']),
      { type: 'step-start' },
      { type: 'text', text: 'done' },
      step(['read_file', 'bash', 'search']),
    ],
  },
] as unknown as UIMessage[];

describe('buildToolStats', () => {
  it('counts calls, outcomes by kind, retries, durations and the pick rate from the recorded facts', () => {
    const rows = buildToolStats({
      messages,
      outcomes: { c1: 'timed-out', c2: 'ok', c3: 'ok' },
      durations: { c1: 2000, c2: 30, c3: 10 },
      tools: new Map([
        ['read_file', 161],
        ['bash', 175],
        ['search', 276],
      ]),
    });
    expect(
      rows.map((row) => [
        row.tool,
        row.calls,
        row.successes,
        row.retries,
        row.medianMs,
        row.p95Ms,
        row.offered,
        row.picked,
      ]),
    ).toEqual([
      ['read_file', 2, 1, 1, 10, 2000, 3, 2],
      ['bash', 1, 1, 0, 30, 30, 3, 1],
      ['search', 0, 0, 0, undefined, undefined, 3, 0],
    ]);
    // The recorded outcome wins over the error response's type (an execution error in the text).
    expect(rows[0].errors).toEqual({ validation: 0, execution: 0, timeout: 1, blocked: 0, stopped: 0 });
    expect(pickRate(rows[0])).toBe(67);
    expect(rows[2].schemaTokens).toBe(276);
  });

  it('reads an eval run that kept no outcomes from the typed error response, and its reported time', () => {
    const [row] = buildToolStats({ messages, tools: new Map() }).filter((each) => each.tool === 'read_file');
    expect(row.errors.execution).toBe(1);
    expect(row.medianMs).toBe(40);
  });

  it('exports CSV with one row per tool, cells that cannot become formulas', () => {
    const csv = toolStatsCsv(buildToolStats({ messages, tools: new Map([['=cmd', 1]]) }), 'session');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'scope,tool,calls,successes,validation_errors,execution_errors,timeout_errors,blocked_errors,stopped_errors,retries,median_ms,p95_ms,schema_tokens,offered,picked,pick_rate_pct',
    );
    expect(lines).toContain('session,"\'=cmd",0,0,0,0,0,0,0,0,,,1,0,0,');
  });
});
