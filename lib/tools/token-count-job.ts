import type { ToolDefinition } from '../shapes/tool-formats';
import { type CountTokens, countToolsTokens, countToolTokens, type ToolTokens, toolText } from './token-xray';

/** A tokenizer encoding gpt-tokenizer ships. */
export type TokenEncoding = 'o200k_base' | 'cl100k_base';

/**
 * One piece of counting work, as the page asks the token worker for it. Counting is linear
 * for ordinary text but quadratic in the length of one pre-token (a run of letters with no
 * space: CJK text, `aaaa…`), so it never runs on the page's main thread.
 */
export type TokenCountJob = ToolTokensJob | EachToolTokensJob | ToolsTokensJob | TextTokensJob;
/** One tool, whole and by part (the X-ray's inlay hints). */
export type ToolTokensJob = { kind: 'tool'; encoding: TokenEncoding; exact: boolean; definition: ToolDefinition };
/** Each tool's whole cost, in order (the tool list, Tool stats). */
export type EachToolTokensJob = {
  kind: 'each-tool';
  encoding: TokenEncoding;
  exact: boolean;
  definitions: ToolDefinition[];
};
/** What the next request's tools cost together. */
export type ToolsTokensJob = { kind: 'tools'; encoding: TokenEncoding; exact: boolean; definitions: ToolDefinition[] };
/** Texts, each counted on its own. */
export type TextTokensJob = { kind: 'texts'; encoding: TokenEncoding; texts: string[] };

/** What a job counts to, by kind. */
export type TokenCountValue<Job extends TokenCountJob> = Job extends { kind: 'tool' }
  ? ToolTokens
  : Job extends { kind: 'tools' }
    ? number
    : number[];

/** How a count came out: the figures, or "too long to count" (the worker ran past its time budget). */
export type TokenCountResult<Value> = { kind: 'counted'; value: Value } | { kind: 'too-long'; budgetMs: number };

/** Runs one job with a tokenizer's `count` (in the worker). */
export function runTokenCountJob<Job extends TokenCountJob>(job: Job, count: CountTokens): TokenCountValue<Job> {
  switch (job.kind) {
    case 'tool':
      return countToolTokens(job.definition, count, job.exact) as TokenCountValue<Job>;
    case 'each-tool':
      return job.definitions.map((definition) => count(toolText(definition, job.exact))) as TokenCountValue<Job>;
    case 'tools':
      return countToolsTokens(job.definitions, count, job.exact) as TokenCountValue<Job>;
    case 'texts':
      return job.texts.map((text) => count(text)) as TokenCountValue<Job>;
  }
}

/** The messages between the page and the token worker. */
export type TokenWorkerRequest = { id: number; job: TokenCountJob };
export type TokenWorkerAnswer =
  /** The tokenizer is loaded and counting has begun: the job's time budget starts now. */
  | { id: number; kind: 'started' }
  | { id: number; kind: 'counted'; value: unknown }
  | { id: number; kind: 'failed'; message: string };
