'use client';

import { type ComponentType, useEffect, useState } from 'react';

/** A part whose code is loaded on demand: `ask()` starts loading it; `loaded()` is it, once it is here. */
export type LoadedPart<Props> = {
  ask(): Promise<ComponentType<Props>>;
  loaded(): ComponentType<Props> | undefined;
};

/** Loads a part's code once, when first asked for; a failed load is asked for again on the next try. */
export function loadedPart<Props>(load: () => Promise<ComponentType<Props>>): LoadedPart<Props> {
  let component: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  return {
    ask() {
      loading ??= load().then(
        (loadedComponent) => {
          component = loadedComponent;
          return loadedComponent;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => component,
  };
}

/**
 * The part once it is `wanted` and its code is here, drawn by an ordinary state update — not as
 * a Suspense retry, as `next/dynamic` and `lazy` draw it: React holds back a commit made only of
 * retries until 300 ms after any boundary on the page last showed or hid its fallback, and on a
 * link's viewer, where parts hydrate and appear one after another, the graph was drawn 150–250 ms
 * after the messages for that alone. A failed load is thrown here, for the pane's error boundary.
 */
export function useLoadedPart<Props>(part: LoadedPart<Props>, wanted: boolean): ComponentType<Props> | undefined {
  const [state, setState] = useState<{ component?: ComponentType<Props>; error?: unknown }>(() => {
    const component = wanted ? part.loaded() : undefined;
    return component ? { component } : {};
  });
  useEffect(() => {
    if (!wanted || state.component || state.error !== undefined) return;
    let live = true;
    part.ask().then(
      (component) => {
        if (live) setState({ component });
      },
      (error: unknown) => {
        if (live) setState({ error });
      },
    );
    return () => {
      live = false;
    };
  }, [part, wanted, state]);
  if (state.error !== undefined) throw state.error;
  return wanted ? state.component : undefined;
}
