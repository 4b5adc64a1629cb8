'use client';

import { useSyncExternalStore } from 'react';

/** Below this width the panes become tabs (DESIGN-NOTES: narrow screens stack them). */
export const NARROW_QUERY = '(max-width: 899px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the screen is narrow; undefined on the server (the layout waits for the browser's answer). */
export function useNarrowScreen(): boolean | undefined {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => undefined,
  );
}
