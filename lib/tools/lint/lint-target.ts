import type { LintChoice } from '../../shapes/lint-choice';
import type { ProviderId } from '../../shapes/run-settings-defaults';
import type { LintTarget } from '../../shapes/lint-choice';

export const LINT_TARGET_LABELS = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Gemini',
} as const satisfies Record<LintTarget, string>;

const PROVIDER_TARGETS = {
  simulated: undefined,
  browser: undefined,
  openai: 'openai',
  // A server that speaks OpenAI's protocol documents none of OpenAI's own rules (strict mode):
  // Compatibility's OpenAI-compatible target accepts what it sends, and the lint agrees.
  'openai-compatible': undefined,
  anthropic: 'anthropic',
  google: 'google',
} as const satisfies Record<ProviderId, LintTarget | undefined>;

/** The provider rules to lint with, if any. */
export function resolveLintTarget(choice: LintChoice, provider: ProviderId): LintTarget | undefined {
  if (choice === 'none') return undefined;
  if (choice === 'provider') return PROVIDER_TARGETS[provider];
  return choice;
}
