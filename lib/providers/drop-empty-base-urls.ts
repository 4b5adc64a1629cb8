import { PROVIDER_CATALOG } from './provider-catalog';

/**
 * Base-URL variables set to nothing (`OPENAI_BASE_URL=` in a shell or an .env file) taken as
 * unset: the AI SDK's packages read them when they load and refuse an empty one with a stack
 * trace, before any request. Removes them from `env` and says which, for the entry point to print.
 */
export function dropEmptyBaseUrls(env: Record<string, string | undefined>): string | undefined {
  const names = Object.values(PROVIDER_CATALOG).flatMap((entry): string[] =>
    entry.baseURLEnv && env[entry.baseURLEnv] !== undefined && env[entry.baseURLEnv]?.trim() === ''
      ? [entry.baseURLEnv]
      : [],
  );
  for (const name of names) delete env[name];
  return names.length === 0
    ? undefined
    : `${names.join(' and ')} ${names.length === 1 ? 'is' : 'are'} set but empty: taken as unset (each provider's own address).`;
}
