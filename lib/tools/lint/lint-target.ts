import type { ProviderId } from '../../session/run-settings-defaults';
import type { LintTarget } from './lint-rules';

/** What the Tools pane checks against: the selected provider, one provider, or nothing. */
export type LintChoice = 'provider' | LintTarget | 'none';

export const LINT_TARGET_LABELS = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Gemini',
} as const satisfies Record<LintTarget, string>;

const PROVIDER_TARGETS = {
  simulated: undefined,
  openai: 'openai',
  'openai-compatible': 'openai',
  anthropic: 'anthropic',
  google: 'google',
} as const satisfies Record<ProviderId, LintTarget | undefined>;

/** The provider rules to lint with, if any. */
export function resolveLintTarget(choice: LintChoice, provider: ProviderId): LintTarget | undefined {
  if (choice === 'none') return undefined;
  if (choice === 'provider') return PROVIDER_TARGETS[provider];
  return choice;
}
