import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { questionFacts } from '../lessons/lesson-play';
import { stopFrame } from '../lessons/lesson-frames';
import { replayFrames } from '../messages/replay-frames';
import { readToolName } from '../shapes/tool-source';
import { parseSessionFile } from '../session/session-file';
import { buildTimeline } from '../timeline/build-timeline';
import { BUILTIN_LESSON_SPECS } from './builtin-lesson-specs';

/**
 * The built-in lessons are real runs: recorded with the simulated model through the real
 * chat loop and route (`npm run lessons:record`, scripts/make-builtin-lessons.ts, writes them to
 * lib/opening/builtin-lessons/), then checked on every test run: each reads back as a session,
 * every stop is a node of its run, every question is answered by the run and holds back what it
 * asks about.
 */
const file = (id: string) => join(import.meta.dirname, 'builtin-lessons', `${id}.json`);

describe.each(BUILTIN_LESSON_SPECS)('the built-in lesson "$name"', (spec) => {
  it('is a recorded run whose stops are its nodes, and whose questions it answers', async () => {
    const read = await parseSessionFile(readFileSync(file(spec.id), 'utf8'));
    if (!read.ok) throw new Error(read.message);
    const { messages, lesson, tools } = read.session;
    expect(lesson?.stops).toHaveLength(spec.stops.length);
    const nodes = new Set(buildTimeline({ messages }).nodes.map((node) => node.id));
    const frames = replayFrames(messages);
    const offered = tools.map((tool) => readToolName(tool.source) ?? '');
    for (const stop of lesson?.stops ?? []) {
      expect(nodes, stop.nodeId).toContain(stop.nodeId);
      if (!stop.question) continue;
      expect(questionFacts(messages, stop, offered)?.kind).not.toBe('unavailable');
      expect(stopFrame(messages, frames, stop, false)).toBeLessThan(stopFrame(messages, frames, stop, true));
    }
  });
});

describe('the built-in lessons offered in the page', () => {
  it('are the specs, each loading its recorded session with its lesson', async () => {
    const { BUILTIN_LESSONS } = await import('./builtin-lessons');
    expect(BUILTIN_LESSONS.map(({ id, name }) => ({ id, name }))).toEqual(
      BUILTIN_LESSON_SPECS.map(({ id, name }) => ({ id, name })),
    );
    for (const lesson of BUILTIN_LESSONS) {
      const loaded = await lesson.load();
      expect(loaded.ok && loaded.session.lesson?.stops.length).toBeGreaterThan(2);
    }
  });
});
