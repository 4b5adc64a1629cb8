import 'server-only';

/** At most `limit` requests (or creations) per client address in a sliding `windowMs`, in this process's memory (tests, benches); when refused, seconds to wait. */
export function createRateLimit(limit = 30, windowMs = 10 * 60_000) {
  const seen = new Map<string, number[]>();
  return (client: string, nowMs: number): number | undefined => {
    const recent = (seen.get(client) ?? []).filter((at) => at > nowMs - windowMs);
    if (recent.length >= limit) {
      seen.set(client, recent);
      return Math.max(1, Math.ceil((recent[0] + windowMs - nowMs) / 1000));
    }
    recent.push(nowMs);
    seen.set(client, recent);
    // Forget addresses whose window has passed (the map never grows without bound).
    if (seen.size > 10_000)
      for (const [key, times] of seen) if (times.every((at) => at <= nowMs - windowMs)) seen.delete(key);
    return undefined;
  };
}
