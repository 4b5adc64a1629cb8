import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Finished, javaScriptOf, watchForUsableSend } from './first-visit';

/** A finished request as Playwright reports it: started at `start` (epoch ms), its last byte `end` ms later. */
const finished = (url: string, bytes: number, start: number, end: number, contentType?: string): Finished => ({
  request: {
    url: () => url,
    timing: () => ({
      startTime: start,
      responseEnd: end,
      domainLookupStart: -1,
      domainLookupEnd: -1,
      connectStart: -1,
      secureConnectionStart: -1,
      connectEnd: -1,
      requestStart: -1,
      responseStart: -1,
    }),
  },
  contentType,
  bytes,
});

it('counts each JavaScript file once, as transferred, on the page’s clock, by arrival', () => {
  const origin = 1_000_000;
  const transfers = javaScriptOf(
    [
      finished('http://localhost:3000/_next/static/chunks/b.js', 2_000, origin + 300, 50, 'application/javascript'),
      finished('http://localhost:3000/_next/static/chunks/a.js', 1_000, origin + 100, 20),
      // A worker's second fetch of a chunk the page has: from the cache (-1), not transferred again.
      finished('http://localhost:3000/_next/static/chunks/a.js', -1, origin + 900, 5),
      // A module worker's script, named by its type only.
      finished(
        'http://localhost:3000/_next/static/media/worker',
        500,
        origin + 400,
        10,
        'text/javascript; charset=utf-8',
      ),
      finished('http://localhost:3000/', 9_000, origin, 80, 'text/html'),
      finished('http://localhost:3000/_next/static/chunks/app.css', 3_000, origin + 50, 10, 'text/css'),
      undefined,
    ],
    origin,
  );
  expect(transfers).toEqual([
    { url: '/_next/static/chunks/a.js', bytes: 1_000, arrivedMs: 120 },
    { url: '/_next/static/chunks/b.js', bytes: 2_000, arrivedMs: 350 },
    { url: '/_next/static/media/worker', bytes: 500, arrivedMs: 410 },
  ]);
});

/**
 * The page `watchForUsableSend` runs in, as far as it reads it: a Message box, a Send button,
 * and a stand-in for React that commits after every keystroke (Send enabled once `hydrated`)
 * and tells the DevTools hook, as React does.
 */
function pageWithReact() {
  class TextArea {
    text = '';
    dispatchEvent() {
      keystrokes += 1;
      queueMicrotask(() => {
        if (page.hydrated) send.disabled = false;
        page.commit();
      });
      return true;
    }
  }
  Object.defineProperty(TextArea.prototype, 'value', {
    set(this: TextArea, text: string) {
      this.text = text;
    },
  });
  let keystrokes = 0;
  const message = new TextArea();
  const send = { textContent: ' Send ', disabled: true };
  const own: Record<string, unknown> = {};
  vi.stubGlobal('window', own);
  vi.stubGlobal('HTMLTextAreaElement', TextArea);
  vi.stubGlobal('document', { querySelector: () => message, querySelectorAll: () => [send] });
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      observe() {}
    },
  );
  const page = {
    hydrated: false,
    own,
    keystrokes: () => keystrokes,
    commit: () => (own.__REACT_DEVTOOLS_GLOBAL_HOOK__ as { onCommitFiberRoot: () => void }).onCommitFiberRoot(),
  };
  return page;
}

const settle = async () => {
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
};

describe('watchForUsableSend', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('notes Send usable right after the commit that hydrates it, before the next task', async () => {
    const page = pageWithReact();
    watchForUsableSend();
    let laterCodeAskedFor = false;
    // The hydration commits; its effects ask for the later parts' code a task later.
    page.hydrated = true;
    page.commit();
    setTimeout(() => {
      laterCodeAskedFor = true;
    }, 0);
    await settle();
    expect(page.own.usableAtMs).toEqual(expect.any(Number));
    expect(laterCodeAskedFor).toBe(false);
    expect(page.keystrokes()).toBe(1);
  });

  it('types once per commit, not again for the commit its own keystroke caused', async () => {
    const page = pageWithReact();
    watchForUsableSend();
    // Never hydrated: every keystroke commits, and Send stays disabled.
    page.commit();
    await settle();
    expect(page.keystrokes()).toBe(1);
    for (let tick = 0; tick < 10; tick++) {
      vi.advanceTimersByTime(5);
      await settle();
    }
    // The 5 ms timer's keystrokes, and no more.
    expect(page.keystrokes()).toBe(11);
    expect(page.own.usableAtMs).toBeUndefined();
  });

  it('leaves a DevTools hook the browser already has', () => {
    const page = pageWithReact();
    const extension = { supportsFiber: true };
    page.own.__REACT_DEVTOOLS_GLOBAL_HOOK__ = extension;
    watchForUsableSend();
    expect(page.own.__REACT_DEVTOOLS_GLOBAL_HOOK__).toBe(extension);
  });
});
