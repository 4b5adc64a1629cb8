'use client';

import {
  type ComponentType,
  createContext,
  lazy,
  memo,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useState,
} from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { loadedPart, useLoadedPart } from './loaded-part';

// The page's one moment its first screen has hydrated (the first part's effect, then a task
// later), which every part's code waits for before it is asked for.
// Module state: one page, one first screen; the promise is settled once and only read after.
let releaseParts: (() => void) | undefined;
const firstScreenHydrated = new Promise<void>((resolve) => {
  releaseParts = resolve;
});

// Module state: one page; set once as a link's viewer starts, before any part's code is asked for.
let othersWaitFor: Promise<void> | undefined;

// False until the first screen's hydration has committed (the first part's effect): a part
// mounted after that is drawn fresh, not hydrated from the server's HTML.
// Module state: one page, one first screen; set once.
let firstScreenCommitted = false;

/**
 * Asks for the later parts' code now, not once the first screen has hydrated: a link's viewer
 * came to read the conversation, not to type (the page calls it while it hydrates, so the parts
 * arrive while the link is fetched and read). Parts not made `forReading` (the tools, the files,
 * the menus) wait for `readingDrawn` besides: on two cores, their code and their hydration took
 * the time the conversation and the graph were drawn in.
 */
export function askForLaterPartsNow(readingDrawn?: Promise<void>) {
  othersWaitFor = readingDrawn;
  releaseParts?.();
}

/** How many parts drawn by the server have not hydrated yet: the page says it is busy until none (`main[aria-busy]`). */
export type LaterParts = StoreApi<{ waiting: number }>;
export const LaterPartsContext = createContext<LaterParts | undefined>(undefined);

// Module state: a constant, the count outside a page that has later parts (none waits).
const NO_PARTS: LaterParts = createStore(() => ({ waiting: 0 }));

/**
 * Whether no later part is waiting to hydrate. Read once the page has been idle (the parts count
 * themselves in the first screen's effects), it says the first screen all works: the heavy
 * parts (the graph, the Inspector, the engine) load then, so their scripts do not hold back the
 * tools pane and the menus.
 */
export function useLaterPartsHydrated(): boolean {
  return useStore(useContext(LaterPartsContext) ?? NO_PARTS, (state) => state.waiting === 0);
}

/** Inside a part's boundary: its effect runs once the part has hydrated (committed). */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

/** Counts the part as waiting, in the page's `LaterPartsContext`, until it has hydrated. */
function useWaitUntilHydrated(): () => void {
  const parts = useContext(LaterPartsContext);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    // The first screen has hydrated (this effect runs after its commit): the parts' code is asked for a task later.
    firstScreenCommitted = true;
    const timer = window.setTimeout(() => releaseParts?.(), 0);
    return () => window.clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (hydrated || !parts) return;
    parts.setState((state) => ({ waiting: state.waiting + 1 }));
    return () => parts.setState((state) => ({ waiting: state.waiting - 1 }));
  }, [hydrated, parts]);
  return useCallback(() => setHydrated(true), []);
}

/**
 * A part the server draws with the page but whose code the browser asks for once the first
 * screen has hydrated: its own chunk, behind a Suspense boundary, so the first screen's
 * hydration neither waits for it nor does its work, and its script arrives after Send is usable
 * (docs/decisions/first-load.md). Until then its HTML is the server's (a click on it is lost, as
 * on any page before it hydrates: the page stays `aria-busy` until every part has hydrated).
 * Every part's code is asked for then, drawn or not: a part first drawn later (the messages of a
 * link just opened, in place of the empty conversation the server drew) then renders at once,
 * without suspending. On the server it renders at once. `forReading`: a part a link's viewer
 * needs to read the run (the messages), asked for with the first screen's (`askForLaterPartsNow`).
 */
export function hydrateLater<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  { forReading = false }: { forReading?: boolean } = {},
): ComponentType<Props> {
  const part = loadedPart<Props>(async () => {
    if (typeof window !== 'undefined') await firstScreenHydrated;
    if (!forReading && othersWaitFor) await othersWaitFor;
    return load();
  });
  if (typeof window !== 'undefined') void firstScreenHydrated.then(() => part.ask().catch(() => undefined));
  const Part = lazy(async () => ({ default: await part.ask() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level (components/playground/later-parts.tsx)
  function Later(props: Props) {
    const hydrated = useWaitUntilHydrated();
    // Mounted with the page, the part hydrates the server's HTML: the lazy part, which hydration
    // waits for (chosen once per mount: a switch to the loaded one would remount it). Mounted
    // afterwards (a link's messages, drawn once it is read) before its code is here, it is drawn
    // by an ordinary update when the code comes — not as a Suspense retry, which React holds back
    // (`useLoadedPart`): a link's messages came up to 300 ms after its graph.
    const [Component] = useState(() => part.loaded() ?? (firstScreenCommitted ? undefined : Part));
    const Fresh = useLoadedPart(part, Component === undefined);
    const Shown = Component ?? Fresh;
    if (!Shown) return null;
    return (
      <Suspense fallback={null}>
        <Shown {...props} />
        <Hydrated onHydrated={hydrated} />
      </Suspense>
    );
  }
  // Memoised: a parent's re-render with the same props leaves a part that has not hydrated yet
  // alone — an update reaching it would make React hydrate it first, holding that update back.
  return memo(Later);
}
