import { parseSessionFile } from '../session/session-file';
import type { ParsedSession } from '../session/session-schema';

/** A built-in lesson: its name, and its recorded session (loaded when chosen, not with the page). */
export type BuiltinLesson = { id: string; name: string; load: () => Promise<ParsedSession> };

const read = (module: Promise<{ default: unknown }>) =>
  module.then((loaded) => parseSessionFile(JSON.stringify(loaded.default)));

/** The lessons every playground offers (recorded by scripts/make-builtin-lessons.ts; names as in builtin-lesson-specs.ts). */
export const BUILTIN_LESSONS: readonly BuiltinLesson[] = [
  {
    id: 'one-call',
    name: 'One tool call, start to finish',
    load: () => read(import('./builtin-lessons/one-call.json')),
  },
  {
    id: 'parallel',
    name: 'Parallel calls and call ids',
    load: () => read(import('./builtin-lessons/parallel.json')),
  },
  {
    id: 'wrong-argument',
    name: 'A wrong argument: validation error, the model retries',
    load: () => read(import('./builtin-lessons/wrong-argument.json')),
  },
];
