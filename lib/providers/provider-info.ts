import type { ProviderId } from '../shapes/run-settings-defaults';
import type { ProviderEntry } from './provider-catalog';

/** What `GET /api/providers` says of one provider (never a key). */
export type ProviderInfo = {
  id: ProviderId;
  label: string;
  /** 'ready': runs now; 'needs-key': the server has no key, the user can type one. */
  status: 'ready' | 'needs-key';
  models: string[];
  presets: ProviderEntry['presets'];
  note: string;
  /** Where the server's own key for this provider goes, when it has one (never the key). */
  serverKeyHome?: string;
};
