import type { SourceCheck } from './tool-check';

/** What the page asks the tool-check worker: check these definitions' texts. */
export type ToolCheckRequest = { id: number; sources: string[] };

/** What the tool-check worker answers: each text's check, in order, or why it could not. */
export type ToolCheckAnswer =
  | { id: number; kind: 'checked'; checks: SourceCheck[] }
  | { id: number; kind: 'failed'; message: string };
