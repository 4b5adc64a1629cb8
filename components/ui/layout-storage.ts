'use client';

import { createContext, useContext, useMemo } from 'react';
import type { LayoutStorage } from 'react-resizable-panels';
import { LAYOUT_COOKIE_PREFIX } from './layout-cookies';

/**
 * A saved layout the panes library can read, or null: a corrupted value (not JSON, `null`, a
 * size that is not a percentage) would make it throw on every load, so it is ignored and the
 * panes start at their defaults.
 */
export function readableLayout(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
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

const cookieName = (key: string) => `${LAYOUT_COOKIE_PREFIX}${encodeURIComponent(key)}`;
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** The value of cookie `name` in a `document.cookie` string, decoded; undefined when absent or malformed. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at === -1 || pair.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Pane sizes the server read from this request's cookies (`app/page.tsx`), by cookie name, so
 * the panes are drawn at the person's sizes in the HTML — and hydrate to the same sizes.
 */
export const LayoutCookiesContext = createContext<Readonly<Record<string, string>>>({});

/**
 * Where pane sizes are remembered: a cookie per group, so the server can draw the panes at
 * their sizes before any script runs. On the server it reads the request's cookies; in the
 * browser `document.cookie`. A browser that refuses cookies starts the panes at their
 * defaults each visit — sizes are a convenience, nothing the person made.
 */
export function useLayoutStorage(): LayoutStorage {
  const fromRequest = useContext(LayoutCookiesContext);
  return useMemo(
    () => ({
      getItem(key) {
        const name = cookieName(key);
        return readableLayout(typeof document === 'undefined' ? fromRequest[name] : readCookie(document.cookie, name));
      },
      setItem(key, value) {
        try {
          // biome-ignore lint/suspicious/noDocumentCookie: one small cookie per pane group; the Cookie Store API is not in every browser
          document.cookie = `${cookieName(key)}=${encodeURIComponent(value)}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
        } catch {
          // Not remembering sizes loses nothing the person made.
        }
      },
    }),
    [fromRequest],
  );
}
