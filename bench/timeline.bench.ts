import type { UIMessage } from 'ai';
import { test } from 'vitest';
import { buildSessionTimeline } from '@/lib/timeline/build-session-timeline';
import { createSegmentLayoutCache, layoutTimeline } from '@/lib/timeline/layout-timeline';
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
  printFigures('Timeline (issue 6)', figures);
});
