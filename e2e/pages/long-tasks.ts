import type { Page } from '@playwright/test';

type LongTask = { start: number; duration: number };
type WithTasks = { longTasks: LongTask[] };

/** Records every main-thread task over 50 ms from the page's first script on (the Long Tasks API). */
export async function recordLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** The longest main-thread task that ended after `since` (the page's `performance.now()`), in ms; 0 when none. */
export function longestTaskSince(page: Page, since: number): Promise<number> {
  return page.evaluate(
    (from) =>
      Math.max(
        0,
        ...(window as unknown as WithTasks).longTasks
          .filter((task) => task.start + task.duration >= from)
          .map((task) => task.duration),
      ),
    since,
  );
}
