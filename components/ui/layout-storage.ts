'use client';

import type { LayoutStorage } from 'react-resizable-panels';

/**
 * Where pane sizes are remembered: this browser's localStorage, or nowhere when the browser
 * refuses storage (private modes, blocked cookies) — the panes then start at their defaults.
 */
export const layoutStorage: LayoutStorage = {
  getItem(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  setItem(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Sizes are a convenience: not remembering them loses nothing the person made.
    }
  },
};
