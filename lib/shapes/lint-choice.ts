export type LintTarget = 'openai' | 'anthropic' | 'google';

/** What the Tools pane checks against: the selected provider, one provider, or nothing. */
export type LintChoice = 'provider' | LintTarget | 'none';
