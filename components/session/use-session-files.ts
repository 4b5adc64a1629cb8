'use client';

import { useRef, useState } from 'react';
import { parseSessionFile, serializeSessionFile } from '@/lib/session/session-file';
import type { ParsedSession } from '@/lib/session/session-schema';
import { useRuntime } from '../runtime/runtime-context';
import { downloadText } from '../ui/download-text';

export type FileNotice = { ok: boolean; text: string };

/**
 * Session files and OpenInference traces, out and in. What comes in is checked strictly and
 * nothing in it runs until the person sends a message; a file that fails says why and the
 * current session is unchanged.
 */
export function useSessionFiles() {
  const runtime = useRuntime();
  const sessionInput = useRef<HTMLInputElement>(null);
  const traceInput = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<FileNotice | undefined>();

  const open = async (file: File | undefined, read: (text: string) => ParsedSession | Promise<ParsedSession>) => {
    if (!file) return;
    const parsed = await read(await file.text());
    if (sessionInput.current) sessionInput.current.value = '';
    if (traceInput.current) traceInput.current.value = '';
    if (!parsed.ok) {
      setNotice({
        ok: false,
        text: `Could not open ${file.name}: ${parsed.message} Your current session is unchanged.`,
      });
      return;
    }
    await runtime.openSession(parsed.session, { trusted: false });
    setNotice({ ok: true, text: `Opened ${file.name}. Its JavaScript handlers run only after you send a message.` });
  };

  return {
    sessionInput,
    traceInput,
    notice,
    exportSession: () => downloadText('session.tool-playground.json', serializeSessionFile(runtime.store.getState())),
    // The OpenInference code loads when first used, not with the page.
    exportTrace: async () => {
      const [{ exportOtlp }, { checker }] = await Promise.all([
        import('@/lib/interop/export-otlp'),
        runtime.loadEngine(),
      ]);
      downloadText(
        'run.openinference.otlp.json',
        `${JSON.stringify(exportOtlp(runtime.store.getState(), checker), null, 2)}\n`,
      );
    },
    openSession: (file: File | undefined) => open(file, parseSessionFile),
    openTrace: async (file: File | undefined) => {
      const { importOtlp } = await import('@/lib/interop/import-otlp');
      return open(file, importOtlp);
    },
  };
}
