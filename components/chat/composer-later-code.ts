// The code of the composer's later parts (composer.tsx), in one module: one chunk group, so the
// modules they share (Radix's dialog and popover) are loaded once (see
// components/playground/later-parts-code.ts).
export { CompareDialog } from '../shared/compare-dialog';
export { KeyAddressPrompt } from '../shared/key-address-prompt';
export { HistoryEstimate } from './history-estimate';
export { RunSettingsBar } from './run-settings-bar';
