'use client';

import { useStore } from 'zustand';
import { decideKey } from '@/lib/providers/key-address';
import type { ProviderId } from '@/lib/shapes/run-settings-defaults';
import { useRuntime } from '../runtime/runtime-context';

/**
 * Shown where a configuration would send the person's typed key to an address it was not
 * typed for (a base URL that came with a link or a file, say): nothing is sent there until
 * they choose "Use this address" — or "Remove it" (the base URL goes).
 */
export function KeyAddressPrompt({
  provider,
  baseURL,
  onRemove,
  configName,
}: {
  provider: ProviderId;
  baseURL: string | undefined;
  onRemove: () => void;
  /** Which configuration (Evals); unset for the run settings. */
  configName?: string;
}) {
  const { keys } = useRuntime();
  const bound = useStore(keys, (state) => state.keys[provider]);
  const confirmed = useStore(keys, (state) => state.confirmed[provider]);
  const decision = decideKey(bound, confirmed, provider, baseURL);
  if (decision.kind !== 'unconfirmed') return null;
  const of = configName ? ` for ${configName}` : '';
  return (
    <div role="alert" className="flex flex-wrap items-center gap-2 rounded border border-role-error/50 p-2 text-xs">
      <span className="min-w-0 break-all">
        {configName ? `${configName}: t` : 'T'}his configuration sends your key to{' '}
        <code className="font-mono">{decision.address}</code>, not where you typed it.
      </span>
      <button
        type="button"
        className="button py-0"
        aria-label={`Use this address${of}`}
        onClick={() => keys.getState().confirmAddress(provider, baseURL)}
      >
        Use this address
      </button>
      <button type="button" className="button py-0" aria-label={`Remove it${of}`} onClick={onRemove}>
        Remove it
      </button>
    </div>
  );
}
