'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { CodeLanguage } from '@/lib/interop/get-code';
import { Dialog } from '../ui/dialog';

// The code generators and wire renderers load when the dialog first opens.
const GetCodeBody = dynamic(() => import('./get-code-body'), {
  ssr: false,
  loading: () => <p className="muted text-sm">Loading…</p>,
});

/** "Get code": the next request as TypeScript (AI SDK), Python or curl — the body the provider's package sends; keys as environment variables. */
export function GetCodeDialog() {
  const [language, setLanguage] = useState<CodeLanguage | undefined>();
  return (
    <Dialog
      trigger={
        <button type="button" className="button">
          Get code
        </button>
      }
      open={language !== undefined}
      onOpenChange={(open) => setLanguage(open ? (language ?? 'typescript') : undefined)}
      title="Get code"
      description="The request the playground would send next (with the message you are typing), for the selected provider — Python and curl send exactly the body its AI SDK package sends. Keys stay in environment variables."
      className="flex max-h-[85vh] w-[min(56rem,calc(100vw-1rem))] flex-col"
    >
      {language ? <GetCodeBody language={language} setLanguage={setLanguage} /> : null}
    </Dialog>
  );
}
