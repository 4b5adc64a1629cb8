/// <reference lib="webworker" />
import type { TokenEncoding, TokenWorkerAnswer, TokenWorkerRequest } from '@/lib/tools/token-count-job';
import { runTokenCountJob } from '@/lib/tools/token-count-job';
import { asPlainText, type CountTokens } from '@/lib/tools/token-xray';

// The token worker: counts what the page asks, off its main thread. Its tokenizers load on
// first use (o200k is a 2 MB table) and stay for the worker's life; the page ends the worker
// when a count runs past its budget.
const loaded = new Map<TokenEncoding, Promise<CountTokens>>();
const tokenizer = (encoding: TokenEncoding) => {
  let found = loaded.get(encoding);
  if (!found) {
    found = (
      encoding === 'cl100k_base'
        ? import('gpt-tokenizer/encoding/cl100k_base')
        : import('gpt-tokenizer/encoding/o200k_base')
    ).then((module) => asPlainText(module.countTokens));
    loaded.set(encoding, found);
  }
  return found;
};

const answer = (message: TokenWorkerAnswer) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);

self.onmessage = async (event: MessageEvent<TokenWorkerRequest>) => {
  const { id, job } = event.data;
  try {
    const count = await tokenizer(job.encoding);
    answer({ id, kind: 'started' });
    answer({ id, kind: 'counted', value: runTokenCountJob(job, count) });
  } catch (error) {
    answer({ id, kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
