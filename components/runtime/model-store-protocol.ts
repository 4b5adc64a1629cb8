/** One model file kept in this browser's storage (the origin private file system), named by its SHA-256. */
export type StoredModelFile = { sha256: string; bytes: number; complete: boolean };

/** What the page asks the model store's worker (one download at a time). */
export type ModelStoreRequest =
  | { kind: 'list' }
  /** Opens the partial file of `sha256` (kept from an earlier, interrupted download) and hashes what it holds. */
  | { kind: 'begin'; sha256: string; fresh: boolean }
  | { kind: 'write'; bytes: ArrayBuffer }
  /** Checks the whole file against its SHA-256: kept under its name when equal, deleted when not. */
  | { kind: 'finish' }
  /** Stops writing and keeps what was written, so a later download resumes from there. */
  | { kind: 'pause' }
  | { kind: 'remove-all' };

export type ModelStoreAnswer =
  | { kind: 'listed'; files: StoredModelFile[] }
  | { kind: 'begun'; offset: number }
  | { kind: 'written'; offset: number }
  | { kind: 'finished'; ok: true }
  | { kind: 'finished'; ok: false; actualSha256: string }
  | { kind: 'paused' }
  | { kind: 'removed'; files: number; bytes: number };

/** The folder of the origin private file system the models live in. */
export const MODELS_FOLDER = 'models';
export const completeName = (sha256: string) => `${sha256}.gguf`;
export const partName = (sha256: string) => `${sha256}.part`;
