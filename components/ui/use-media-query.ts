'use client';

import { useSyncExternalStore } from 'react';

/** Below this width the panes become tabs (DESIGN-NOTES: narrow screens stack them). */
export const NARROW_QUERY = '(max-width: 899px)';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * Whether a CSS media query matches now, following its changes (a window resized, the system
 * switched to dark); undefined on the server, where there is no screen to ask.
 */
export function useMediaQuery(query: string): boolean | undefined {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => undefined,
  );
}
