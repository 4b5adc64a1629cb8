/**
 * List prices the playground knows, in US dollars per million tokens (input, output), by model
 * id prefix — for a cost estimate only: they change, and a provider's own page is the truth.
 * The longest matching prefix wins; the simulated model and the model in the browser cost nothing.
 */
const PRICES: [prefix: string, input: number, output: number][] = [
  ['gpt-4.1-nano', 0.1, 0.4],
  ['gpt-4.1-mini', 0.4, 1.6],
  ['gpt-4.1', 2, 8],
  ['gpt-4o-mini', 0.15, 0.6],
  ['gpt-4o', 2.5, 10],
  ['o4-mini', 1.1, 4.4],
  ['claude-opus-4', 15, 75],
  ['claude-sonnet-4', 3, 15],
  ['claude-3-7-sonnet', 3, 15],
  ['claude-3-5-haiku', 0.8, 4],
  ['claude-haiku-4', 1, 5],
  ['gemini-2.5-pro', 1.25, 10],
  ['gemini-2.5-flash-lite', 0.1, 0.4],
  ['gemini-2.5-flash', 0.3, 2.5],
  ['gemini-2.0-flash', 0.1, 0.4],
];

/** When the prices above were last checked against the providers' pages. */
export const PRICES_CHECKED = '2026-11';

/** The input price of `model` in dollars per million tokens (0 for the simulated model and the model in the browser); undefined when unknown. */
export function inputPricePerMillion(provider: string, model: string): number | undefined {
  return estimateCost(provider, model, 1_000_000, 0);
}

/** The estimated cost of `inputTokens` and `outputTokens` on `model`, in dollars; undefined when unknown. */
export function estimateCost(
  provider: string,
  model: string,
  inputTokens: number,
  outputTokens: number,
): number | undefined {
  if (provider === 'simulated' || provider === 'browser') return 0;
  const match = PRICES.filter(([prefix]) => model.startsWith(prefix)).sort((a, b) => b[0].length - a[0].length)[0];
  if (!match) return undefined;
  return (inputTokens * match[1] + outputTokens * match[2]) / 1_000_000;
}

/** An estimate in words: "≈ $0.0123", "$0", or "cost unknown". */
export const formatDollars = (dollars: number | undefined): string =>
  dollars === undefined
    ? 'cost unknown'
    : dollars === 0
      ? '$0'
      : `≈ $${dollars < 0.01 ? dollars.toFixed(4) : dollars.toFixed(2)}`;
