import 'server-only';
import { refuseDownloads } from './refuse-downloads';
import { generateText, type LanguageModel } from 'ai';
import { HISTORY_SUMMARY_INSTRUCTIONS } from '../messages/history-summary';
import type { HistorySummarizer } from './prepare-chat-turn';

const SUMMARY_MAX_OUTPUT_TOKENS = 600;

/**
 * A summarizer for the history policy `summarize`: one request to the run's own model (the
 * simulated one answers it offline) with the left-out transcript; its error described safely.
 */
export function createHistorySummarizer(
  model: LanguageModel,
  describe: (error: unknown) => string,
  signal: AbortSignal | undefined,
): HistorySummarizer {
  return async (transcript) => {
    try {
      const { text } = await generateText({
        model,
        system: HISTORY_SUMMARY_INSTRUCTIONS,
        prompt: transcript,
        experimental_download: refuseDownloads,
        maxOutputTokens: SUMMARY_MAX_OUTPUT_TOKENS,
        maxRetries: 1,
        abortSignal: signal,
      });
      return text.trim() ? { ok: true, summary: text.trim() } : { ok: false, error: 'the model gave an empty summary' };
    } catch (error) {
      return { ok: false, error: describe(error) };
    }
  };
}
