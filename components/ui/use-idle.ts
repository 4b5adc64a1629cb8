'use client';

import { useEffect, useState } from 'react';
import { IDLE_TIMEOUT_MS } from './after-idle';

/**
 * False until the browser has been idle once after the first paint (or `IDLE_TIMEOUT_MS`
 * passed): heavy parts load then, after the page is usable. `wake()` makes it true at once
 * (the person reached for the heavy part first).
 */
export function useIdle(): { idle: boolean; wake: () => void } {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    const done = () => setIdle(true);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(done, 200);
    return () => window.clearTimeout(timer);
  }, [idle]);
  return { idle, wake: () => setIdle(true) };
}
