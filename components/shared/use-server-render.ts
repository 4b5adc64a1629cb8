'use client';

import { useState } from 'react';
import { useSession } from '../runtime/runtime-context';

/**
 * Whether this session's requests may be rendered on the playground's server (`/api/wire`):
 * always for the person's own session; for one still read-only from someone else's link, only
 * once the person asks (a stranger's link sends nothing to the viewer's server on its own).
 */
export function useServerRender(): { allowed: boolean; allow: () => void } {
  const readOnly = useSession((state) => state.readOnly);
  const [asked, setAsked] = useState(false);
  return { allowed: !readOnly || asked, allow: () => setAsked(true) };
}
