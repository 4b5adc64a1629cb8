'use client';

import { useRef, useState } from 'react';
import { exportOtlp } from '@/lib/interop/export-otlp';
import { importOtlp } from '@/lib/interop/import-otlp';
import { parseSessionFile, serializeSessionFile } from '@/lib/session/session-file';
import type { ParsedSession } from '@/lib/session/session-schema';
import { useRuntime, useSession } from '../playground/runtime-context';
import { downloadText } from '../ui/download-text';

/** Export the session as a versioned JSON file, or open one (checked strictly; nothing in it runs until you do). */
export function SessionFileMenu() {
  const runtime = useRuntime();
  const input = useRef<HTMLInputElement>(null);
  const traceInput = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | undefined>();
  const storageProblem = useSession((state) => state.storageProblem);

  const open = async (file: File | undefined, read: (text: string) => ParsedSession = parseSessionFile) => {
    if (!file) return;
    const parsed = read(await file.text());
    if (input.current) input.current.value = '';
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

  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        className="button"
        onClick={() => downloadText('session.tool-playground.json', serializeSessionFile(runtime.store.getState()))}
      >
        Export session
      </button>
      <button type="button" className="button" onClick={() => input.current?.click()}>
        Import session
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label="Session file"
        onChange={(event) => void open(event.target.files?.[0])}
      />
      <button
        type="button"
        className="button"
        title="The run as OpenInference spans (OTLP JSON), for Phoenix or any OpenTelemetry backend"
        onClick={() =>
          downloadText(
            'run.openinference.otlp.json',
            `${JSON.stringify(exportOtlp(runtime.store.getState(), runtime.checker), null, 2)}\n`,
          )
        }
      >
        Export OpenInference
      </button>
      <button type="button" className="button" onClick={() => traceInput.current?.click()}>
        Import OpenInference
      </button>
      <input
        ref={traceInput}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label="OpenInference file"
        onChange={(event) => void open(event.target.files?.[0], importOtlp)}
      />
      {storageProblem ? (
        <p role="alert" className="max-w-96 truncate text-xs text-red-600" title={storageProblem}>
          {storageProblem}
        </p>
      ) : null}
      {notice ? (
        <p
          role={notice.ok ? 'status' : 'alert'}
          className={`max-w-80 truncate text-xs ${notice.ok ? 'muted' : 'text-red-600'}`}
          title={notice.text}
        >
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}
