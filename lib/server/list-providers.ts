import 'server-only';
import { PROVIDER_CATALOG, type ProviderEntry } from '../providers/provider-catalog';
import type { ProviderInfo } from '../providers/provider-info';
import { PROVIDER_IDS } from '../shapes/run-settings-defaults';

/** What `GET /api/providers` answers: each provider, whether it can run, its models. Never keys. */
export function listProviders(env: Record<string, string | undefined>): ProviderInfo[] {
  return PROVIDER_IDS.map((id) => {
    const entry: ProviderEntry = PROVIDER_CATALOG[id];
    const hasServerKey = entry.keyEnv !== undefined && Boolean(env[entry.keyEnv]);
    const serverKeyHome = hasServerKey
      ? (entry.baseURLEnv && env[entry.baseURLEnv]?.trim()) || entry.defaultBaseURL
      : undefined;
    const status = !entry.needsKey || hasServerKey ? 'ready' : 'needs-key';
    const note =
      id === 'simulated'
        ? 'Simulated — no API key; the same answers at temperature 0, and for the same seed above it.'
        : id === 'browser'
          ? 'A real model in this tab (llama.cpp): no key, nothing leaves the browser, and each decision with its probabilities.'
          : hasServerKey
            ? serverKeyHome
              ? `Key configured on the server (${entry.keyEnv}), sent only to ${serverKeyHome}.`
              : `Key configured on the server (${entry.keyEnv}); the operator has not said where it goes (${entry.baseURLEnv}), so type a key.`
            : entry.needsKey
              ? `No key on the server: type one, or set ${entry.keyEnv} in .env.local.`
              : "Pick a preset or type your server's base URL.";
    return {
      id,
      label: entry.label,
      status,
      models: [...entry.models],
      presets: [...entry.presets],
      note,
      serverKeyHome,
    };
  });
}
