import type { UIMessage } from 'ai';
import { recordedStepRequest } from '../agent/step-request';
import { divergedStepId } from '../messages/diverged-step';
import { valueAtPath } from '../shapes/differing-paths';
import type { ReplayRecord } from '../shapes/replay';
import { comparableRequest } from './comparable-request';

/** One path where the replay's request left the recorded one: the value in each (absent: not there). */
export type RequestDifference = { path: string; recorded: unknown; replay: unknown; absent?: 'recorded' | 'replay' };

/**
 * `Diverged here`, as a diff of the two requests: the recorded step's request and the replay's,
 * each made again from what the session kept of it, read at each path that differs.
 */
export function divergedRequests({
  original,
  replay,
  record,
  sentValues,
}: {
  original: readonly UIMessage[];
  replay: readonly UIMessage[];
  record: ReplayRecord;
  sentValues: Readonly<Record<string, unknown>>;
}): RequestDifference[] {
  const recordedAt = record.diverged?.recordedStepId;
  const replayAt = divergedStepId(replay, record);
  if (!record.diverged || !recordedAt || !replayAt) return [];
  const before = recordedStepRequest({ messages: original, stepId: recordedAt, sentValues });
  const after = recordedStepRequest({ messages: replay, stepId: replayAt, sentValues });
  if (!before.ok || !after.ok) return [];
  const [a, b] = [comparableRequest(before.request), comparableRequest(after.request)];
  return record.diverged.paths.map((path) => {
    const [inRecorded, inReplay] = [valueAtPath(a, path), valueAtPath(b, path)];
    return {
      path,
      recorded: inRecorded.found ? inRecorded.value : undefined,
      replay: inReplay.found ? inReplay.value : undefined,
      ...(!inRecorded.found ? { absent: 'recorded' as const } : !inReplay.found ? { absent: 'replay' as const } : {}),
    };
  });
}
