import { SESSION_LIMITS } from '../shapes/session-limits';
import type { SessionActions } from './session-state';
import type { SessionData } from './session-schema';

type RecordState = Pick<SessionData, 'replays' | 'sentValues' | 'compatProbes'>;
type SetState = (update: (state: RecordState) => Partial<RecordState>) => void;

/** What runs leave for later: what each request was sent with, and what a replay made of its branch — bounded as the schema reads them back. */
export function createRecordActions(
  set: SetState,
  get: () => RecordState,
): Pick<SessionActions, 'setReplay' | 'recordSentValues' | 'addCompatProbes'> {
  return {
    setReplay: (branchId, record) =>
      set((state) => {
        if (Object.keys(state.replays).length >= SESSION_LIMITS.replays && !(branchId in state.replays)) return {};
        const bounded = record.diverged
          ? {
              ...record,
              diverged: { ...record.diverged, paths: record.diverged.paths.slice(0, SESSION_LIMITS.replayPaths) },
            }
          : record;
        return { replays: { ...state.replays, [branchId]: bounded } };
      }),
    addCompatProbes: (probes) =>
      set((state) => {
        const key = (probe: { tool: string; target: string }) => `${probe.target}\u0000${probe.tool}`;
        const fresh = new Set(probes.map(key));
        const kept = [...state.compatProbes.filter((probe) => !fresh.has(key(probe))), ...probes];
        // The newest answers are kept; a message is clipped as the schema reads it back.
        return {
          compatProbes: kept
            .slice(-SESSION_LIMITS.compatProbes)
            .map((probe) => ({ ...probe, message: probe.message.slice(0, 2_000), at: probe.at.slice(0, 40) })),
        };
      }),
    recordSentValues: (values) => {
      const known = get().sentValues;
      const added = Object.entries(values).filter(([digest]) => !Object.hasOwn(known, digest));
      if (added.length === 0 || Object.keys(known).length + added.length > SESSION_LIMITS.sentValues) return;
      set((state) => ({ sentValues: { ...state.sentValues, ...Object.fromEntries(added) } }));
    },
  };
}
