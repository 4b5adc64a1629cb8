'use client';

import { useEffect, useState } from 'react';
import { afterIdle } from './after-idle';

/**
 * False until the browser has been idle once after the first paint (or `IDLE_TIMEOUT_MS`
 * passed, see `afterIdle`): heavy parts load then, after the page is usable. `wake()` makes it true at once
 * (the person reached for the heavy part first).
 */
export function useIdle(): { idle: boolean; wake: () => void } {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    let mounted = true;
    void afterIdle().then(() => {
      if (mounted) setIdle(true);
    });
    return () => {
      mounted = false;
    };
  }, [idle]);
  return { idle, wake: () => setIdle(true) };
}
