import 'server-only';
import { readFileSync, statSync } from 'node:fs';
import {
  DEFAULT_MODEL_CATALOGUE,
  type ModelCatalogue,
  readModelCatalogue,
} from '../providers/local-model/model-catalogue';
import { processShared } from './server-process';

/** The largest catalogue file read (a list of at most 20 models). */
const MAX_CATALOGUE_BYTES = 64 * 1024;

export type CatalogueAnswer = { ok: true; catalogue: ModelCatalogue } | { ok: false; error: string };

function readCatalogueFile(path: string): CatalogueAnswer {
  try {
    if (statSync(path).size > MAX_CATALOGUE_BYTES)
      return { ok: false, error: `The model catalogue ${path} is over ${MAX_CATALOGUE_BYTES / 1024} KB.` };
    return readModelCatalogue(readFileSync(path, 'utf8'));
  } catch (error) {
    return {
      ok: false,
      error: `The model catalogue ${path} could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
    };
  }
}

/**
 * The models this deployment offers to download into the browser: the built-in list, or the file
 * `PLAYGROUND_MODEL_CATALOGUE` names (a mirror's list), read once per process. A file that cannot
 * be used is said, and nothing is offered: never a silent fall-back to addresses the deployment
 * did not choose.
 */
export function modelCatalogue(env: Record<string, string | undefined>): CatalogueAnswer {
  const path = env.PLAYGROUND_MODEL_CATALOGUE?.trim();
  if (!path) return { ok: true, catalogue: DEFAULT_MODEL_CATALOGUE };
  return processShared('model-catalogue', path, () => readCatalogueFile(path));
}
