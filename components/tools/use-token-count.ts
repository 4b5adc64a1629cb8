import { useEffect, useState } from 'react';
import type { TokenCountJob, TokenCountResult, TokenCountValue } from '@/lib/tools/token-count-job';
import { useRuntime } from '../runtime/runtime-context';

/** A count as a component shows it: under way, done, or too long to count. */
export type TokenCountState<Value> = { kind: 'counting' } | TokenCountResult<Value>;

/**
 * Counts `job` in the runtime's token worker (never on the page's thread) and re-renders when
 * the figures arrive; undefined while there is no job. Pass a memoised job: a new object is a
 * new count.
 */
export function useTokenCount<Job extends TokenCountJob>(
  job: Job | undefined,
): TokenCountState<TokenCountValue<Job>> | undefined {
  const { tokens } = useRuntime();
  const [state, setState] = useState<{ job: Job; result: TokenCountResult<TokenCountValue<Job>> }>();
  useEffect(() => {
    if (!job) return;
    let current = true;
    void tokens.count(job).then((result) => current && setState({ job, result }));
    return () => {
      current = false;
    };
  }, [job, tokens]);
  if (!job) return undefined;
  return state?.job === job ? state.result : { kind: 'counting' };
}
