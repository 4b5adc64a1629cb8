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
