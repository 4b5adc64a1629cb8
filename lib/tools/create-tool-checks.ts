import { toolSetCheckOf } from './tool-set-check-of';
import { pendingToolSetCheck, type SourceCheck, type ToolSetCheck } from './tool-check';
import type { ToolDraft } from '../shapes/tool-spec';

/** A definition's text and its check, made elsewhere (the server, for the new session's tools). */
export type CheckedSource = readonly [source: string, check: SourceCheck];

/** Checks definitions' texts somewhere else than the page's thread (the tool-check worker); rejects when it cannot. */
export type CheckSourcesElsewhere = (sources: string[]) => Promise<SourceCheck[]>;

/**
 * The page's tool checks: every tool list checked once, each definition's text once. Until the
 * engine's checker is adopted, texts are checked elsewhere (the tool-check worker), so the first
 * screen never compiles Ajv's meta-schemas on the page's thread; from then on, on this thread
 * at once (typing in the editor is judged without a round trip).
 */
export type ToolChecks = {
  /** The check of every draft; `pending` while some text is still being checked elsewhere. */
  check(drafts: readonly ToolDraft[]): ToolSetCheck;
  /** Checks on this thread from now on, with the engine's `checkToolSource` (its checker has loaded). */
  adopt(checkSource: (source: string) => SourceCheck): void;
  /** Hears each check that arrives from elsewhere, and the adoption; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Changes whenever checks arrive (for `useSyncExternalStore`). */
  version(): number;
};

/** Texts remembered beyond the current list's (undo, switching back): at most this many. */
const SPARE_CHECKS = 64;

export function createToolChecks({
  elsewhere,
  onElsewhereFailed,
  checked = [],
}: {
  /** Texts already checked (sent with the page): their checks are known from the start. */
  checked?: readonly CheckedSource[];
  /** Where texts are checked until a checker is adopted; none (the server's render): pending until then. */
  elsewhere?: CheckSourcesElsewhere;
  /** Checking elsewhere failed (no worker): the page should load the engine and adopt its checker. */
  onElsewhereFailed: (error: Error) => void;
}): ToolChecks {
  const known = new Map<string, SourceCheck>(checked);
  const asked = new Set<string>();
  const complete = new WeakMap<readonly ToolDraft[], ToolSetCheck>();
  const listeners = new Set<() => void>();
  let checkSource: ((source: string) => SourceCheck) | undefined;
  let failed = false;
  let version = 0;
  const changed = () => {
    version++;
    for (const listener of [...listeners]) listener();
  };
  const forget = (keep: readonly ToolDraft[]) => {
    if (known.size <= keep.length + SPARE_CHECKS) return;
    const current = new Set(keep.map((draft) => draft.source));
    for (const source of known.keys()) if (!current.has(source) && !asked.has(source)) known.delete(source);
  };
  const askElsewhere = (sources: string[]) => {
    for (const source of sources) asked.add(source);
    elsewhere!(sources).then(
      (checks) => {
        sources.forEach((source, index) => {
          asked.delete(source);
          known.set(source, checks[index]);
        });
        changed();
      },
      (error: Error) => {
        for (const source of sources) asked.delete(source);
        if (failed) return;
        failed = true;
        onElsewhereFailed(error);
      },
    );
  };
  return {
    check(drafts) {
      const done = complete.get(drafts);
      if (done) return done;
      const missing = [...new Set(drafts.map((draft) => draft.source).filter((source) => !known.has(source)))];
      if (checkSource) for (const source of missing.splice(0)) known.set(source, checkSource(source));
      if (missing.length > 0) {
        const toAsk = missing.filter((source) => !asked.has(source));
        if (toAsk.length > 0 && elsewhere && !failed) askElsewhere(toAsk);
        const pending = pendingToolSetCheck(drafts);
        // What has come back already shows; the rest says "checking…".
        pending.tools.forEach((tool) => {
          const found = known.get(tool.draft.source);
          if (found) tool.check = found;
        });
        return pending;
      }
      const result = toolSetCheckOf(
        drafts,
        drafts.map((draft) => known.get(draft.source)!),
      );
      complete.set(drafts, result);
      forget(drafts);
      return result;
    },
    adopt(adopted) {
      checkSource = adopted;
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    version: () => version,
  };
}
