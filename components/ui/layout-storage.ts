'use client';

import type { LayoutStorage } from 'react-resizable-panels';

/**
 * A saved layout the panes library can read, or null: a corrupted value (not JSON, `null`, a
 * size that is not a percentage) would make it throw on every load, so it is ignored and the
 * panes start at their defaults.
 */
export function readableLayout(text: string | null): string | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const sizes = Object.values(value);
    const isSize = (size: unknown) => typeof size === 'number' && Number.isFinite(size) && size >= 0 && size <= 100;
    if (sizes.some((size) => typeof size === 'number') && !sizes.every(isSize)) return null;
    return text;
  } catch {
    return null;
  }
}

/**
 * Where pane sizes are remembered: this browser's localStorage, or nowhere when the browser
 * refuses storage (private modes, blocked cookies) — the panes then start at their defaults.
 */
export const layoutStorage: LayoutStorage = {
  getItem(key) {
    try {
      return readableLayout(window.localStorage.getItem(key));
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
