import { PROVIDER_CATALOG } from '../../providers/provider-catalog';
import type { RunSettings } from '../../shapes/run-settings';

/*
 * The key a promptfoo provider names for itself — `apiKeyEnvar` (a variable of the environment)
 * or `apiKey` (written in the config) — as `npm run eval` honours it, within the key-address rule:
 * a provider's own variable (OPENAI_API_KEY, …) is the environment's key and goes only to that
 * provider's home, as the server's key always does; any other variable, or a key written in the
 * config, goes to the config's own address (which the route still checks: loopback or
 * PLAYGROUND_ALLOWED_HOSTS). Never kept in a session: the page imports configurations without it.
 */

export type ConfigKeySource = { variable: string } | { literal: string };

/** A configuration of the grid, and where its key comes from. */
export type ConfigKey = { configId: string; source: ConfigKeySource };

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/** Where a provider's config says its key is, if it says. */
export function readKeySource(config: Record<string, unknown>): ConfigKeySource | undefined {
  if (typeof config.apiKeyEnvar === 'string' && VARIABLE_NAME.test(config.apiKeyEnvar))
    return { variable: config.apiKeyEnvar };
  if (typeof config.apiKey === 'string' && config.apiKey.trim() !== '' && config.apiKey.length <= 1_000)
    return { literal: config.apiKey.trim() };
  return undefined;
}

const PROVIDER_KEY_VARIABLES = new Set<string>(
  Object.values(PROVIDER_CATALOG).flatMap((entry): string[] => (entry.keyEnv ? [entry.keyEnv] : [])),
);

/**
 * The request headers of `npm run eval` for a configuration (the key it named, as a typed key),
 * and a sentence for each key that was named but is not used.
 */
export function configKeyHeaders(
  keys: readonly ConfigKey[],
  env: Readonly<Record<string, string | undefined>>,
): {
  getHeaders: (
    provider: RunSettings['provider'],
    baseURL: string | undefined,
    configId?: string,
  ) => Record<string, string>;
  notes: string[];
} {
  const notes: string[] = [];
  const usable = new Map<string, string>();
  for (const { configId, source } of keys) {
    if ('literal' in source) {
      usable.set(configId, source.literal);
      continue;
    }
    if (PROVIDER_KEY_VARIABLES.has(source.variable)) {
      notes.push(
        `apiKeyEnvar names ${source.variable}: it is sent only to its provider's own address (or the one its *_BASE_URL variable names), never to a config's apiBaseUrl.`,
      );
      continue;
    }
    const key = env[source.variable]?.trim();
    if (!key) {
      notes.push(`apiKeyEnvar names ${source.variable}, which is not set in the environment.`);
      continue;
    }
    usable.set(configId, key);
  }
  return {
    notes,
    getHeaders: (_provider, _baseURL, configId): Record<string, string> => {
      const key = configId === undefined ? undefined : usable.get(configId);
      return key ? { 'x-provider-key': key } : {};
    },
  };
}
