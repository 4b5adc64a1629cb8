import type { UIMessage } from 'ai';
import { test } from 'vitest';
import { buildSessionTimeline } from '@/lib/timeline/build-session-timeline';
import { createSegmentLayoutCache, layoutTimeline } from '@/lib/timeline/layout-timeline';
import { buildSequence } from '@/lib/timeline/build-sequence';
import { measure, printFigures } from './measure';
import { generateLongSession } from './generate-long-session';

test('timeline derive + layout of 500 tool calls', async () => {
  const base = generateLongSession('warm');
  let cache = createSegmentLayoutCache();
  const derive = (messages: UIMessage[]) =>
    layoutTimeline(
      buildSessionTimeline({ messages, activeBranch: { id: 'main', label: 'Branch 1' }, branches: [] }),
      cache,
    );
  const nodeCount = derive(base).nodes.length;
  let round = 0;
  const figures = [
    // Fresh ids and an empty layout cache every time: the first layout of a session.
    await measure(
      `cold: derive + layout, ${nodeCount} nodes (500 tool calls)`,
      () => {
        cache = createSegmentLayoutCache();
        return derive(generateLongSession(`cold${round++}`));
      },
      20,
    ),
    // The live case: the same session again (one step grew), step layouts reused.
    await measure(`warm: derive + layout after one more chunk`, () => derive(base), 50),
  ];
  printFigures('Timeline', figures);
});

test('sequence diagram derive of 500 tool calls', async () => {
  const timeline = layoutTimeline(
    buildSessionTimeline({
      messages: generateLongSession('sequence'),
      activeBranch: { id: 'main', label: 'Branch 1' },
      branches: [],
    }),
    createSegmentLayoutCache(),
  );
  const arrows = buildSequence(timeline, { toolCount: 8 }).arrows.length;
  printFigures('Sequence view', [
    await measure(`derive the sequence: ${arrows} arrows from ${timeline.nodes.length} nodes`, () =>
      buildSequence(timeline, { toolCount: 8 }),
    ),
  ]);
});
