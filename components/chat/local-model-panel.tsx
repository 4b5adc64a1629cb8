'use client';

import { useRef } from 'react';
import { useStore } from 'zustand';
import { useRuntime, useSession, useSessionActions } from '../runtime/runtime-context';
import type { LocalModelStatus } from '../runtime/create-browser-local-model';
import { ModelDownload } from './model-download';

const size = (bytes: number) =>
  bytes >= 2 ** 30
    ? `${(bytes / 2 ** 30).toFixed(1)} GB`
    : bytes >= 2 ** 20
      ? `${(bytes / 2 ** 20).toFixed(1)} MB`
      : `${Math.ceil(bytes / 1024)} KB`;

/** The model id a file is run as: its name, with anything a model id may not hold replaced. */
export const modelIdOfFile = (fileName: string) =>
  fileName
    .replace(/[^A-Za-z0-9._:/@+-]/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 200) || 'model.gguf';

function statusLine(status: LocalModelStatus): string {
  switch (status.kind) {
    case 'none':
      return 'No model loaded. Download one above, or load a .gguf file with a tool-calling template (e.g. Qwen 2.5 0.5B Instruct, Q4_K_M, 0.5 GB).';
    case 'loading':
      return `Loading ${status.fileName} (${size(status.sizeBytes)})…`;
    case 'ready':
      return `${status.model.name} · ${status.model.fileName} · ${size(status.model.sizeBytes)} · ${status.model.webgpu ? 'WebGPU' : `CPU, ${status.model.threads} thread${status.model.threads === 1 ? '' : 's'} (${status.model.note ?? 'no WebGPU in this browser'})`} · llama.cpp in this tab`;
    case 'failed':
      return status.message;
  }
}

/**
 * `In your browser (no key)`: load a model file into this tab, and the settings only it has —
 * `Constrain to the tools' schemas`, top-p and top-k (llama.cpp's sampler; temperature and seed are
 * the run's).
 */
export function LocalModelPanel() {
  const { localModel } = useRuntime();
  const status = useStore(localModel.status);
  const settings = useSession((state) => state.settings);
  const { updateSettings } = useSessionActions();
  const input = useRef<HTMLInputElement>(null);

  const load = async (file: Blob, fileName: string) => {
    const loaded = await localModel.load(file, fileName);
    if (loaded.kind === 'ready') updateSettings({ model: modelIdOfFile(fileName) });
  };

  return (
    <div className="flex w-full flex-wrap items-center gap-2">
      <ModelDownload onLoad={load} />
      <button
        type="button"
        className="button"
        onClick={() => input.current?.click()}
        disabled={status.kind === 'loading'}
      >
        Load a model file
      </button>
      <input
        ref={input}
        type="file"
        accept=".gguf"
        aria-label="Model file (.gguf)"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void load(file, file.name);
          event.target.value = '';
        }}
      />
      <label
        className="flex items-center gap-1"
        title="On: a grammar built from the tools' JSON Schemas makes every call fit. Off: the model writes freely, and you see its real mistakes."
      >
        <input
          type="checkbox"
          checked={settings.constrain !== false}
          onChange={(event) => updateSettings({ constrain: event.target.checked ? undefined : false })}
        />
        Constrain to the tools' schemas
      </label>
      <label className="flex items-center gap-1">
        Top-p
        <input
          type="number"
          className="control w-16"
          min={0.01}
          max={1}
          step={0.05}
          value={settings.topP ?? ''}
          placeholder="0.95"
          onChange={(event) => {
            const value = Number(event.target.value);
            updateSettings({ topP: event.target.value === '' || !(value > 0 && value <= 1) ? undefined : value });
          }}
        />
      </label>
      <label className="flex items-center gap-1">
        Top-k
        <input
          type="number"
          className="control w-16"
          min={0}
          max={1000}
          step={1}
          value={settings.topK ?? ''}
          placeholder="40"
          onChange={(event) => {
            const value = Number(event.target.value);
            updateSettings({
              topK:
                event.target.value === '' || !Number.isInteger(value) || value < 0 || value > 1000 ? undefined : value,
            });
          }}
        />
      </label>
      <p
        role={status.kind === 'failed' ? 'alert' : 'status'}
        className={`w-full text-xs ${status.kind === 'failed' ? 'text-role-error' : 'muted'}`}
      >
        {statusLine(status)}
      </p>
    </div>
  );
}
