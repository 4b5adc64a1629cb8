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
 * Undefined where no server read them (the browser's own cookies are read then).
 */
export const LayoutCookiesContext = createContext<Readonly<Record<string, string>> | undefined>(undefined);

/** The page's cookies (`document`, or a stand-in in tests). */
type CookieJar = { cookie: string };

/**
 * Where pane sizes are remembered: a cookie per group, so the server can draw the panes at
 * their sizes before any script runs. The sizes the server read (`fromRequest`) are this page's
 * cookies as it loaded, so the browser reads those and what it wrote since — not `jar.cookie`,
 * a synchronous call to the browser's cookie store on every read; where no server read them,
 * `jar.cookie`. A browser that refuses cookies starts the panes at their defaults each visit —
 * sizes are a convenience, nothing the person made.
 */
export function createLayoutStorage(
  fromRequest: Readonly<Record<string, string>> | undefined,
  jar: CookieJar | undefined,
): LayoutStorage {
  const written = new Map<string, string>();
  return {
    getItem(key) {
      const name = cookieName(key);
      const known = written.get(name) ?? fromRequest?.[name];
      if (known !== undefined || fromRequest || !jar) return readableLayout(known);
      return readableLayout(readCookie(jar.cookie, name));
    },
    setItem(key, value) {
      const name = cookieName(key);
      written.set(name, value);
      try {
        if (jar) jar.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
      } catch {
        // Not remembering sizes loses nothing the person made.
      }
    },
  };
}

/** The pane sizes' storage for this page (see `createLayoutStorage`). */
export function useLayoutStorage(): LayoutStorage {
  const fromRequest = useContext(LayoutCookiesContext);
  return useMemo(
    () => createLayoutStorage(fromRequest, typeof document === 'undefined' ? undefined : document),
    [fromRequest],
  );
}
