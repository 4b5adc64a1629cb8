import type { ProviderId } from '../shapes/run-settings-defaults';
import { PROVIDER_CATALOG } from './provider-catalog';

/** A key the person typed, and the address it was typed for (its provider's base URL then). */
export type BoundKey = { key: string; address: string };

/**
 * Where a request with these settings goes: the base URL, or the provider's home — compared
 * without trailing slashes or case in the scheme and host ("" when there is neither).
 */
export function providerAddress(provider: ProviderId, baseURL: string | undefined): string {
  const address = (baseURL ?? PROVIDER_CATALOG[provider].defaultBaseURL ?? '').trim().replace(/\/+$/, '');
  try {
    const url = new URL(address);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}${url.search}`;
  } catch {
    return address;
  }
}

/** Whether a typed key may go with a request, and if not, why. */
export type KeyDecision =
  | { kind: 'none' }
  | { kind: 'key'; key: string }
  /** The key was typed for another address, and this one was never confirmed: nothing is sent. */
  | { kind: 'unconfirmed'; address: string };

/**
 * A typed key goes only to the address it was typed for, or to one the person confirmed
 * ("Use this address") — never to a base URL that came with someone else's link or file.
 */
export function decideKey(
  bound: BoundKey | undefined,
  confirmed: readonly string[] | undefined,
  provider: ProviderId,
  baseURL: string | undefined,
): KeyDecision {
  if (!bound || bound.key === '') return { kind: 'none' };
  const address = providerAddress(provider, baseURL);
  if (address === bound.address || (confirmed ?? []).includes(address)) return { kind: 'key', key: bound.key };
  return { kind: 'unconfirmed', address };
}

/** What the person reads when a request is held back for its address. */
export function unconfirmedAddressMessage(address: string): string {
  return `This configuration sends your key to ${address}, which is not where you typed it. Choose "Use this address" to allow it, or "Remove it".`;
}
