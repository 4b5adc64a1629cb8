'use client';

import { memo, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { SharedBanner } from '../session/shared-banner';
import { StorageProblemBanner } from '../session/storage-problem-banner';
import { TabConflictBanner } from '../session/tab-conflict-banner';
import type { CheckedSource } from '@/lib/tools/create-tool-checks';
import { createPlaygroundRuntime } from '../runtime/create-playground-runtime';
import { EngineErrorBanner } from './engine-error-banner';
import { GetCodeDialog, SandboxStatusLine, SessionMenu, ShareMenu, ShortcutsDialog } from './later-parts';
import {
  RuntimeContext,
  SessionRestoredContext,
  useRuntime,
  useSession,
  useSessionActions,
  useToolSetCheck,
} from '../runtime/runtime-context';
import { WideLayout as WideLayoutUnmemoised } from './wide-layout';
import { PresenterButton, PresenterLayout } from './presenter-layout';
import { askForTimelinePaneNow, DeferredLessonPlayer } from './deferred-panes';
import { LayoutCookiesContext } from '../ui/layout-storage';
import { type QueryClientHolder, QueryClientHolderContext } from '../ui/query-client-holder';
import { askForLaterPartsNow, LaterPartsContext, useLaterPartsHydrated } from '../ui/hydrate-later';
import { loadedPart, useLoadedPart } from '../ui/loaded-part';
import { useIdle } from '../ui/use-idle';
import { afterIdle } from '../ui/after-idle';
import { NARROW_QUERY, useMediaQuery } from '../ui/use-media-query';

/** A header button that shows a view or goes back: Evals (in place of the Timeline), Lesson (of the Inspector). */
function ViewToggle({ label, on, onToggle }: { label: string; on: boolean; onToggle: (on: boolean) => void }) {
  return (
    <button type="button" className="button" aria-pressed={on} onClick={() => onToggle(!on)}>
      {label}
    </button>
  );
}

/**
 * One header row: the product, the session and its menu, Share, Get code, the sandbox, help.
 * Presenter mode keeps only Share, Presenter mode and help.
 */
function Header() {
  const presenter = useSession((state) => state.presenter);
  const evalsOpen = useSession((state) => state.evalsOpen);
  const lessonOpen = useSession((state) => state.lessonOpen);
  const { showEvals, showLesson } = useSessionActions();
  return (
    <header className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 px-1 min-[900px]:flex-nowrap">
      <h1 className="shrink-0 text-base font-semibold">Tool Playground</h1>
      {presenter ? null : <SessionMenu />}
      <ShareMenu />
      {presenter ? null : (
        <>
          <GetCodeDialog />
          <ViewToggle label="Evals" on={evalsOpen} onToggle={showEvals} />
          <ViewToggle label="Lesson" on={lessonOpen} onToggle={showLesson} />
        </>
      )}
      <PresenterButton />
      <div className="ml-auto flex min-w-0 items-center justify-end gap-2 min-[900px]:flex-1">
        {presenter ? null : <SandboxStatusLine />}
        <ShortcutsDialog />
      </div>
    </header>
  );
}

/**
 * Loads the checker and the chat once `ready` — the tools checked, the saved session (or the
 * link) back and every later part hydrated — and the browser is idle; a shared session's once it
 * is forked: the page is ready before (Send waits for them if pressed first). A failure shows in
 * the engine's banner.
 */
function LoadEngineWhenIdle({ ready }: { ready: boolean }) {
  const runtime = useRuntime();
  const { idle } = useIdle();
  // A shared session is read, not run: its viewer waits for the run drawn, not for the chat; an
  // action that needs the engine (Fork to edit, a replay) loads it.
  const readOnly = useSession((state) => state.readOnly);
  useEffect(() => {
    if (idle && ready && !readOnly) runtime.loadEngine().catch(() => undefined);
  }, [idle, ready, readOnly, runtime]);
  return null;
}

// The layouts take no props: memoised, the panes are not re-rendered when `main` only changes
// whether it is busy (an update reaching a part that hydrates later would wait for it).
const WideLayout = memo(WideLayoutUnmemoised);
// The server draws the wide layout; the narrow one (tabs) loads once the page knows its screen is
// narrow, and is drawn by an ordinary update when it is here (`useLoadedPart` says why).
const narrowLayout = loadedPart(() => import('./narrow-layout').then((module) => memo(module.NarrowLayout)));

/** The panes; busy until the saved session is back, its tools are checked and every part has hydrated. */
function PlaygroundMain({
  restored,
  presenter,
  narrow,
}: {
  restored: boolean;
  presenter: boolean;
  narrow: boolean | undefined;
}) {
  const runtime = useRuntime();
  const toolsChecked = !useToolSetCheck().pending;
  const engineFailed = useStore(runtime.engine, (state) => state.error !== undefined);
  const partsWaiting = !useLaterPartsHydrated();
  const NarrowLayout = useLoadedPart(narrowLayout, narrow === true);
  return (
    <main
      aria-busy={!restored || partsWaiting || (!toolsChecked && !engineFailed)}
      className="flex min-h-0 min-w-0 flex-1 flex-col"
    >
      {presenter ? (
        <PresenterLayout />
      ) : narrow ? (
        NarrowLayout ? (
          <NarrowLayout />
        ) : null
      ) : (
        // Hidden on a narrow screen until the page knows it is narrow (the group's own inline
        // `display` would win over a class on it, so the class is on a wrapper).
        <div className={`flex min-h-0 min-w-0 flex-1 flex-col ${narrow === undefined ? 'max-[899px]:hidden' : ''}`}>
          <WideLayout />
        </div>
      )}
      {/* The engine (its script is the page's largest) once the first screen all works: loaded
          while later parts still hydrated, its parsing held them back by up to 600 ms. */}
      <LoadEngineWhenIdle ready={toolsChecked && restored && !partsWaiting} />
    </main>
  );
}

/** Resolves once the saved session (or the link) is back and the page has been idle after drawing it. */
function whenRestoredAndIdle(restored: StoreApi<{ restored: boolean }>): Promise<void> {
  return new Promise<void>((resolve) => {
    const unsubscribe = restored.subscribe((state) => {
      if (!state.restored) return;
      unsubscribe();
      void afterIdle().then(resolve);
    });
  });
}

/**
 * The playground: Tools | Conversation | Timeline | Inspector on wide screens, tabs on narrow
 * ones. The server draws the wide layout (at the sizes in `layoutCookies`), so the panes paint
 * with the HTML; a narrow screen keeps it hidden until the page knows it is narrow.
 */
export function Playground({
  layoutCookies = {},
  checkedTools,
}: {
  layoutCookies?: Readonly<Record<string, string>>;
  /** The new session's tools, checked by the server (lib/server/initial-tool-checks.ts). */
  checkedTools?: readonly CheckedSource[];
}) {
  // A store, so the context's value never changes (runtime-context.tsx says why).
  const [restoredStore] = useState(() => createStore(() => ({ restored: false })));
  const [runtime] = useState(() => {
    const created = createPlaygroundRuntime({ checked: checkedTools });
    // A link's viewer: the graph's and the messages' code are asked for while the link is read;
    // the other parts once the link is open and its run drawn (the page idle after it).
    if (created.hasAddressLink()) {
      askForTimelinePaneNow();
      askForLaterPartsNow(whenRestoredAndIdle(restoredStore));
    }
    return created;
  });
  const [queryClients] = useState<QueryClientHolder>(() => ({}));
  const [laterParts] = useState(() => createStore(() => ({ waiting: 0 })));
  const narrow = useMediaQuery(NARROW_QUERY);
  const presenter = useStore(runtime.store, (state) => state.presenter);
  const lessonPlaying = useStore(runtime.store, (state) => state.lessonPlay !== undefined);

  const restored = useStore(restoredStore, (state) => state.restored);

  useEffect(() => {
    // The saved session comes back; the sandbox waits for the first tool call.
    runtime
      .restoreSession()
      .catch(() => undefined)
      .finally(() => {
        // For the first-load bench: when the saved session was back.
        performance.mark('playground:restored');
        restoredStore.setState({ restored: true });
      });
  }, [runtime, restoredStore]);
  // Page listeners (save on hide, links pasted into the address bar, other tabs); unmounting ends the runtime.
  useEffect(() => runtime.attach(window), [runtime]);

  return (
    <QueryClientHolderContext.Provider value={queryClients}>
      <RuntimeContext.Provider value={runtime}>
        <LayoutCookiesContext.Provider value={layoutCookies}>
          <LaterPartsContext.Provider value={laterParts}>
            <SessionRestoredContext.Provider value={restoredStore}>
              <div className={`flex h-dvh flex-col gap-2 overflow-hidden p-2 ${presenter ? 'presenter' : ''}`}>
                <Header />
                <SharedBanner />
                <StorageProblemBanner />
                <TabConflictBanner />
                <EngineErrorBanner />
                {lessonPlaying ? <DeferredLessonPlayer remember /> : null}
                <PlaygroundMain restored={restored} presenter={presenter} narrow={narrow} />
              </div>
            </SessionRestoredContext.Provider>
          </LaterPartsContext.Provider>
        </LayoutCookiesContext.Provider>
      </RuntimeContext.Provider>
    </QueryClientHolderContext.Provider>
  );
}
