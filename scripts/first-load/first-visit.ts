// One cold first visit to a page in headless Chromium — the measure the size gate
// (`npm run check:size`) and the first-load bench share, so the two cannot disagree
// (docs/decisions/first-load.md): when Send became usable, every JavaScript file the browser
// transferred (the page's and its workers') and when it had arrived, the long tasks, and — on
// the playground — when the engine was ready.
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { assertAnotherSite, startPageUrl } from './start-page.ts';

export type Transfer = { url: string; bytes: number; arrivedMs: number };
export type LongTask = { start: number; duration: number };
export type FirstVisit = {
  /** When the Send button worked (the page hydrated), ms on the page's clock. */
  usableMs: number;
  /** When the tools were checked and `main` no longer busy (the playground only). */
  engineMs: number | undefined;
  paintMs: number;
  longTasks: LongTask[];
  /** Every JavaScript response, workers' included, gzipped as sent, by arrival. */
  transfers: Transfer[];
  /** The page's own marks (`playground:restored`, `playground:engine-loaded`), ms. */
  marks: Record<string, number>;
  /** What of it had arrived when Send became usable. */
  bytesBeforeUsable: number;
};

type PageClock = { usableAtMs?: number; engineAtMs?: number; longTasks: LongTask[] };

/**
 * In the page before its own scripts: types into the Message box (through the native setter and
 * an input event, as React hears typing; a different text each time) until Send is enabled —
 * which needs the page hydrated, not only drawn — and notes when. It types right after each of
 * React's commits (told by a DevTools hook, as React tells the DevTools extension), so the
 * moment the hydration that makes Send work commits is the moment noted — not the next tick of
 * a timer, which waits behind every script that arrives meanwhile (the code a page asks for once
 * it is usable would land before it) — and every 5 ms besides, for a page with no React. Also
 * collects every main-thread task over 50 ms.
 */
export function watchForUsableSend() {
  const own = window as unknown as PageClock & { __REACT_DEVTOOLS_GLOBAL_HOOK__?: object };
  own.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) own.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const valueSetter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  let typed = 0;
  // True from a keystroke until it is looked at: the commit typing causes does not type again.
  let typing = false;
  const typeAndLook = () => {
    if (own.usableAtMs !== undefined || typing) return;
    const message = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]');
    const send = [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Send');
    if (!message || !send) return;
    typing = true;
    // A new value each time: React compares with the value it last saw (set before hydration, it saw this one).
    typed += 1;
    valueSetter?.call(message, `hello ${typed}`);
    message.dispatchEvent(new Event('input', { bubbles: true }));
    // React applies what typing changed in a microtask queued during the event: look right after it.
    queueMicrotask(() => {
      typing = false;
      if (send.disabled || own.usableAtMs !== undefined) return;
      own.usableAtMs = performance.now();
      clearInterval(timer);
    });
  };
  const timer = setInterval(typeAndLook, 5);
  // React (production builds too) calls this hook's `onCommitFiberRoot` after every commit, once `inject` has been called.
  own.__REACT_DEVTOOLS_GLOBAL_HOOK__ ??= {
    supportsFiber: true,
    isDisabled: false,
    inject: () => 1,
    // Not the commit its own keystroke caused: a page whose Send stays disabled would type forever.
    onCommitFiberRoot: () => {
      if (!typing) queueMicrotask(typeAndLook);
    },
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
  };
}

/** In the page: when the engine is ready — `main` no longer busy and the tools no longer "checking…". */
function watchForEngine() {
  const own = window as unknown as PageClock;
  const check = () => {
    if (own.engineAtMs !== undefined) return;
    const main = document.querySelector('main');
    const tools = document.querySelector('section[aria-label="Tools"] h2');
    if (main?.getAttribute('aria-busy') === 'false' && tools && !tools.textContent?.includes('checking'))
      own.engineAtMs = performance.now();
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
}

const isJavaScript = (request: Finished['request'], contentType: string | undefined) =>
  /javascript/.test(contentType ?? '') || /\.m?js$/.test(new URL(request.url()).pathname);

/** What a visit waits for: Send usable, the playground's engine ready too, or (a page with no Send) its load. */
export type Until = 'usable' | 'engine' | 'load';

/** A finished request as the measure reads it (Playwright's `Request`, or a test's stand-in). */
export type Finished = {
  request: Pick<Request, 'url' | 'timing'>;
  contentType: string | undefined;
  bytes: number;
};

/** Every request the context finishes, with its type and its body's size as sent (a cached one is -1). */
function recordFinished(context: BrowserContext): Promise<Finished | undefined>[] {
  const finished: Promise<Finished | undefined>[] = [];
  context.on('requestfinished', (request) => {
    finished.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        return { request, contentType: response?.headers()['content-type'], bytes: sizes.responseBodySize };
      })().catch(() => undefined), // finished as the visit ended: after everything measured
    );
  });
  return finished;
}

/** The JavaScript transfers, each file once (a worker's second fetch of a chunk comes from the cache), by arrival on the page's clock. */
export function javaScriptOf(finished: readonly (Finished | undefined)[], timeOrigin: number): Transfer[] {
  const byUrl = new Map<string, Transfer>();
  for (const { request, contentType, bytes } of finished.filter((each) => each !== undefined)) {
    if (!isJavaScript(request, contentType) || bytes < 0) continue;
    const timing = request.timing();
    const url = new URL(request.url()).pathname;
    const arrivedMs = timing.startTime + timing.responseEnd - timeOrigin;
    const seen = byUrl.get(url);
    if (!seen || arrivedMs < seen.arrivedMs)
      byUrl.set(url, { url, bytes: Math.max(bytes, seen?.bytes ?? 0), arrivedMs });
  }
  return [...byUrl.values()].sort((a, b) => a.arrivedMs - b.arrivedMs);
}

async function waitUntil(page: Page, until: Until) {
  const timeout = 60_000;
  if (until === 'load') {
    await page.waitForLoadState('load', { timeout });
    return;
  }
  await page.waitForFunction(() => (window as unknown as PageClock).usableAtMs !== undefined, undefined, { timeout });
  if (until === 'engine')
    await page.waitForFunction(() => (window as unknown as PageClock).engineAtMs !== undefined, undefined, { timeout });
}

/**
 * Visits `url` with a cold cache and waits for `until`; what arrived after Send was usable is
 * listed too, as far as it had arrived by then (and half a second more).
 */
export async function firstVisit(
  browser: Browser,
  url: string,
  { until = 'usable' as Until } = {},
): Promise<FirstVisit> {
  assertAnotherSite(url);
  const start = await startPageUrl();
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const finished = recordFinished(context);
  try {
    await context.addInitScript(watchForUsableSend);
    if (until === 'engine') await context.addInitScript(watchForEngine);
    const page = await context.newPage();
    // From another site's page, as a person's first visit starts (start-page.ts).
    await page.goto(start);
    await page.goto(url);
    await waitUntil(page, until);
    // Let the browser's events for what arrived just before catch up (they are reported asynchronously).
    await page.waitForTimeout(500);
    const clock = await page.evaluate(() => {
      const own = window as unknown as PageClock;
      return {
        timeOrigin: performance.timeOrigin,
        usableMs: own.usableAtMs ?? Number.NaN,
        engineMs: own.engineAtMs,
        longTasks: own.longTasks,
        paintMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        marks: Object.fromEntries(
          performance.getEntriesByType('mark').map((mark) => [mark.name, Math.round(mark.startTime)]),
        ),
      };
    });
    const transfers = javaScriptOf(await Promise.all([...finished]), clock.timeOrigin);
    const bytesBeforeUsable = transfers
      .filter((transfer) => transfer.arrivedMs <= clock.usableMs)
      .reduce((sum, transfer) => sum + transfer.bytes, 0);
    return { ...clock, transfers, bytesBeforeUsable };
  } finally {
    await context.close();
  }
}

export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
