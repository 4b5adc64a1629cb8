// The code of the composer's later parts (composer.tsx), in one module: one chunk group, so the
// modules they share (Radix's dialog and popover) are loaded once (see
// components/playground/later-parts-code.ts).
import { withQueryClient } from '../shared/with-query-client';
import { RunSettingsBar as RunSettingsBarAlone } from './run-settings-bar';

export { CompareDialog } from '../shared/compare-dialog';
export { KeyAddressPrompt } from '../shared/key-address-prompt';
export { HistoryEstimate } from './history-estimate';

/** With the page's TanStack Query client (the provider list, the model catalogue). */
export const RunSettingsBar = withQueryClient(RunSettingsBarAlone);
