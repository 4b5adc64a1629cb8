import { describe, expect, it } from 'vitest';
import { createInitialSession } from '../session/initial-session';
import { parseSessionData } from '../session/session-schema';
import { makeShareLink, readShareFragment } from '../share/share-link';
import { type ImprovementRecord, improvementRecordSchema } from './improvement-record';

const side = (passed: number, failed: number) => ({
  verdicts: { passed, failed, error: 1, 'not-checked': 0 },
  passes: { count: passed, n: passed + failed },
});
const record: ImprovementRecord = {
  id: 'improvement-1',
  at: '2026-11-30T03:00:00.000Z',
  tool: 'weather_lookup',
  description: 'Looks things up.',
  provider: 'openai-compatible',
  model: 'fake-follows',
  options: { seed: 1, count: 3, repeats: 10, parameters: false, bound: { maxExtraTokens: 100 } },
  proposalKeys: ['rain-0', 'wind-0'],
  heldOutKeys: ['rain-1'],
  failures: 2,
  notes: [],
  current: side(3, 7),
  rewrites: [
    {
      rewrite: { description: 'Use it for weather.', parameters: {} },
      measured: side(8, 2),
      judgement: { verdict: 'better', difference: 0.5, low: 0.1, high: 0.75, reasons: [] },
      tokens: { before: 23, after: 30 },
      compat: { before: { gemini: 'accepts' }, after: { gemini: 'accepts' } },
    },
  ],
  applied: 0,
};

describe('an improvement kept with the session', () => {
  it('goes through a session file and a share link unchanged', async () => {
    const session = { ...createInitialSession(), improvements: [record] };
    const parsed = parseSessionData(JSON.parse(JSON.stringify(session)));
    expect(parsed.ok && parsed.session.improvements).toEqual([record]);
    const link = makeShareLink(session, 'http://localhost/');
    expect(link.ok).toBe(true);
    const read = await readShareFragment(link.ok ? link.url.slice(link.url.indexOf('#')) : '');
    expect(read.ok && read.session.improvements).toEqual([record]);
  });

  it("refuses a stranger's record out of bounds, and the session with it, by name", () => {
    for (const bad of [
      { ...record, options: { ...record.options, repeats: 1_000 } },
      { ...record, applied: 9 },
      { ...record, heldOutKeys: Array(501).fill('x') },
      {
        ...record,
        rewrites: [{ ...record.rewrites[0], judgement: { ...record.rewrites[0].judgement, verdict: 'great' } }],
      },
      { ...record, rewrites: [{ ...record.rewrites[0], compat: { before: { nowhere: 'accepts' }, after: {} } }] },
    ]) {
      expect(improvementRecordSchema.safeParse(bad).success).toBe(false);
      const parsed = parseSessionData({ ...createInitialSession(), improvements: [bad] });
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message).toMatch(/improvements/);
    }
  });

  it('a session from before it was kept reads back with none', () => {
    const { improvements: _none, ...older } = createInitialSession();
    const parsed = parseSessionData(JSON.parse(JSON.stringify(older)));
    expect(parsed.ok && parsed.session.improvements).toEqual([]);
  });
});
