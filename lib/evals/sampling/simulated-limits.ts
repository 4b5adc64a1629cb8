/*
 * What the simulated model cannot answer, said where the question is asked: it ranks tools by
 * the words they share with the message and follows no instruction, so it cannot say which
 * description or system line a real model prefers; at temperature 0 it answers the same every time.
 */

/** Where the person is asking: sampling the step as sent, or a variant of one kind. */
export type SamplingQuestion = 'as-sent' | 'description' | 'schema' | 'system' | 'other';

const INSTRUCTIONS_NOTE =
  'The simulated model matches words and ignores instructions (a description saying "never call this tool" barely moves it): it cannot tell you which wording a real model prefers. Choose a provider with a key for this comparison.';

/** The sentence for a question the simulated model cannot answer, or undefined where it can. */
export function simulatedSamplingNote({
  provider,
  temperature,
  question,
}: {
  provider: string;
  temperature: number | undefined;
  question: SamplingQuestion;
}): string | undefined {
  if (provider !== 'simulated') return undefined;
  if (question === 'description' || question === 'schema' || question === 'system') return INSTRUCTIONS_NOTE;
  if (question === 'as-sent' && (temperature ?? 0) === 0)
    return 'At temperature 0 the simulated model answers the same every time: to see a spread, sample a variant with Change → Temperature (e.g. 1). Its spread is drawn from word overlap, not from a real model.';
  return undefined;
}
