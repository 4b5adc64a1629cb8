'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { CatalogueModel } from '@/lib/providers/local-model/model-catalogue';
import { formatBytes } from '../runtime/create-browser-model-store';
import type { StoredModelFile } from '../runtime/model-store-protocol';
import { useRuntime } from '../runtime/runtime-context';
import { modelCatalogueQuery } from './model-catalogue-query';

type Download = { model: CatalogueModel; received: number; abort: AbortController };

const fileNameOf = (model: CatalogueModel) =>
  decodeURIComponent(new URL(model.url).pathname.split('/').pop() || `${model.id}.gguf`);

function storedLine(model: CatalogueModel, stored: StoredModelFile[] | undefined): string {
  const found = stored?.find((each) => each.sha256 === model.sha256);
  if (found?.complete) return 'Downloaded in this browser: "Download model" loads it without the network.';
  if (found && found.bytes > 0)
    return `Partly downloaded: ${formatBytes(found.bytes)} of ${formatBytes(model.sizeBytes)}. "Download model" resumes it.`;
  return `${formatBytes(model.sizeBytes)} to download from ${new URL(model.url).host}, once, when you ask; kept in this browser.`;
}

type Paint = { last: number; later?: ReturnType<typeof setTimeout> };

/** At most ten paints a second, the latest always painted (a stalled download shows what arrived). */
function paintAtMostTenTimesASecond(paint: Paint, last: boolean, show: () => void) {
  clearTimeout(paint.later);
  const painted = () => {
    paint.last = performance.now();
    show();
  };
  const wait = paint.last + 100 - performance.now();
  if (wait <= 0 || last) painted();
  else paint.later = setTimeout(painted, wait);
}

/**
 * `Download model`: the deployment's catalogue (size and licence first), a download only when the
 * person asks — with its progress, `Cancel download`, a resume after an interruption and the
 * publisher's SHA-256 checked before use — kept in the browser for the next session;
 * `Remove downloaded models` frees the space. A link never starts one.
 */
export function ModelDownload({ onLoad }: { onLoad(file: File, fileName: string): Promise<void> }) {
  const { modelStore } = useRuntime();
  const queries = useQueryClient();
  const catalogue = useQuery(modelCatalogueQuery);
  const stored = useQuery({ queryKey: ['stored-models'], queryFn: () => modelStore.list().catch(() => []) });
  const [chosen, setChosen] = useState<string>();
  const [download, setDownload] = useState<Download>();
  const [said, setSaid] = useState<{ text: string; alert: boolean }>();
  const paint = useRef<Paint>({ last: 0 });

  if (catalogue.isError)
    return (
      <p role="alert" className="w-full text-xs text-role-error">
        {catalogue.error.message}
      </p>
    );
  const models = catalogue.data?.models ?? [];
  const model = models.find((each) => each.id === chosen) ?? models[0];
  const refresh = () => queries.invalidateQueries({ queryKey: ['stored-models'] });

  const start = async () => {
    if (!model) return;
    const abort = new AbortController();
    setSaid(undefined);
    setDownload({ model, received: 0, abort });
    const outcome = await modelStore.download(model, {
      signal: abort.signal,
      onProgress: (received) =>
        paintAtMostTenTimesASecond(paint.current, received >= model.sizeBytes, () =>
          setDownload({ model, received, abort }),
        ),
    });
    clearTimeout(paint.current.later);
    setDownload(undefined);
    void refresh();
    if (outcome.kind === 'done') await onLoad(outcome.file, fileNameOf(model));
    else if (outcome.kind === 'cancelled')
      setSaid({
        text: `Download cancelled at ${formatBytes(outcome.kept)} of ${formatBytes(model.sizeBytes)}; what arrived is kept, and "Download model" resumes it.`,
        alert: false,
      });
    else setSaid({ text: outcome.message, alert: true });
  };

  const remove = async () => {
    try {
      const removed = await modelStore.removeAll();
      setSaid({
        text:
          removed.files === 0
            ? 'No downloaded models were kept in this browser.'
            : `Removed ${removed.files} downloaded model file${removed.files === 1 ? '' : 's'}: ${formatBytes(removed.bytes)} freed.`,
        alert: false,
      });
    } catch (error) {
      setSaid({ text: (error as Error).message, alert: true });
    }
    void refresh();
  };

  const busy = download !== undefined;
  return (
    <div className="flex w-full flex-wrap items-center gap-2">
      <select
        className="control max-w-72"
        aria-label="Model to download"
        value={model?.id ?? ''}
        disabled={busy || models.length === 0}
        onChange={(event) => setChosen(event.target.value)}
      >
        {models.map((each) => (
          <option key={each.id} value={each.id}>
            {`${each.name} · ${formatBytes(each.sizeBytes)} · ${each.licence || 'licence not stated'}`}
          </option>
        ))}
      </select>
      <button type="button" className="button" onClick={() => void start()} disabled={busy || !model}>
        Download model
      </button>
      <button type="button" className="button" onClick={() => void remove()} disabled={busy || !stored.data?.length}>
        Remove downloaded models
      </button>
      {model && !busy && (
        <p className="muted w-full text-xs">
          {model.publisher ? `${model.publisher} · ` : ''}
          {model.licence ? `${model.licence} · ` : ''}
          {model.note ? `${model.note} ` : ''}
          {storedLine(model, stored.data)}
        </p>
      )}
      {download && (
        <div className="flex w-full items-center gap-2 text-xs">
          <progress
            aria-label="Download progress"
            max={download.model.sizeBytes}
            value={download.received}
            className="w-48"
          />
          <span role="status">
            {`${formatBytes(download.received)} of ${formatBytes(download.model.sizeBytes)} (${Math.floor((100 * download.received) / download.model.sizeBytes)}%)`}
          </span>
          <button type="button" className="button" onClick={() => download.abort.abort()}>
            Cancel download
          </button>
        </div>
      )}
      {said && (
        <p
          role={said.alert ? 'alert' : 'status'}
          className={`w-full text-xs ${said.alert ? 'text-role-error' : 'muted'}`}
        >
          {said.text}
        </p>
      )}
    </div>
  );
}
