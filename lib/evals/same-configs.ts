import type { EvalConfig } from '../shapes/eval-run';
import type { RunSettings } from '../shapes/run-settings';
import { canonicalJson } from '../shapes/canonical-json';

/**
 * Groups of the given configurations that run the same: equal run settings once each is laid
 * over the session's (`base`) — what is unset in a configuration comes from the session, so
 * two that differ only in what neither sets are the same. Each group lists names, in order.
 */
export function findSameConfigs(configs: readonly EvalConfig[], base: RunSettings): string[][] {
  const groups = new Map<string, string[]>();
  for (const config of configs) {
    const effective = Object.fromEntries(
      Object.entries({ ...base, ...config.settings }).filter(([, value]) => value !== undefined),
    );
    const key = canonicalJson(effective);
    groups.set(key, [...(groups.get(key) ?? []), config.name]);
  }
  return [...groups.values()].filter((names) => names.length > 1);
}
