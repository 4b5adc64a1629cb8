import type { BrowserModelStore } from './create-browser-model-store';
import { createStore } from 'zustand/vanilla';
import type { BrowserLocalModel, LocalModelStatus } from './create-browser-local-model';
import { NO_MODEL } from './local-model-protocol';

/** The model in the browser, its code loaded only when a person loads a model (not with the page). */
export function lazyLocalModel(): BrowserLocalModel {
  const status = createStore<LocalModelStatus>(() => ({ kind: 'none' }));
  let made: Promise<BrowserLocalModel> | undefined;
  const make = () =>
    (made ??= import('./create-browser-local-model').then((module) => module.createBrowserLocalModel(status)));
  return {
    status,
    load: async (file, fileName) => (await make()).load(file, fileName),
    access: async () => (status.getState().kind === 'none' ? { ok: false, error: NO_MODEL } : (await make()).access()),
  };
}

/** The models downloaded into this browser, their code (and worker) loaded on first use. */
export function lazyModelStore(): BrowserModelStore {
  let made: Promise<BrowserModelStore> | undefined;
  const make = () =>
    (made ??= import('./create-browser-model-store').then((module) => module.createBrowserModelStore()));
  return {
    list: async () => (await make()).list(),
    download: async (model, options) => (await make()).download(model, options),
    open: async (model) => (await make()).open(model),
    removeAll: async () => (await make()).removeAll(),
  };
}
