import { clampWhole, SESSION_LIMITS } from '../shapes/session-limits';
import type { RunSettings } from '../shapes/run-settings';

/** A number held within [min, max]; not a number: left out (the setting's default applies). */
const within = (value: number | undefined, min: number, max: number) =>
  value === undefined || !Number.isFinite(value) ? undefined : Math.min(max, Math.max(min, value));

/**
 * A change to the run settings within what a saved session holds (`runSettingsSchema` reads
 * them back under the same bounds): numbers held in range, texts and the script cut to size.
 * Only the keys the patch names are touched.
 */
export function boundRunSettings(patch: Partial<RunSettings>): Partial<RunSettings> {
  const bounded: Partial<RunSettings> = { ...patch };
  if (patch.model !== undefined) bounded.model = patch.model.slice(0, SESSION_LIMITS.modelIdChars);
  if (patch.baseURL !== undefined) bounded.baseURL = patch.baseURL.slice(0, SESSION_LIMITS.baseUrlChars);
  if (patch.system !== undefined) bounded.system = patch.system.slice(0, SESSION_LIMITS.systemChars);
  if ('maxSteps' in patch)
    bounded.maxSteps =
      patch.maxSteps === undefined ? undefined : clampWhole(patch.maxSteps, 1, SESSION_LIMITS.maxSteps);
  if ('temperature' in patch) bounded.temperature = within(patch.temperature, 0, 2);
  if ('seed' in patch)
    bounded.seed = patch.seed === undefined ? undefined : clampWhole(patch.seed, 0, SESSION_LIMITS.seedMax);
  if ('maxOutputTokens' in patch)
    bounded.maxOutputTokens =
      patch.maxOutputTokens === undefined ? undefined : clampWhole(patch.maxOutputTokens, 1, 200_000);
  if (patch.script !== undefined)
    bounded.script = patch.script.slice(0, SESSION_LIMITS.scriptSteps).map((step) => ({
      ...step,
      ...(step.text === undefined ? {} : { text: step.text.slice(0, 20_000) }),
      ...(step.toolCalls === undefined ? {} : { toolCalls: step.toolCalls.slice(0, 20) }),
    }));
  if (patch.history !== undefined)
    bounded.history = {
      ...patch.history,
      ...(patch.history.maxTokens === undefined
        ? {}
        : { maxTokens: clampWhole(patch.history.maxTokens, 100, 2_000_000) }),
      ...(patch.history.keepLast === undefined ? {} : { keepLast: clampWhole(patch.history.keepLast, 1, 1_000) }),
    };
  return bounded;
}
