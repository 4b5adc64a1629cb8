import type { WireFormat } from './wire-capture';

/*
 * Compatibility (More tool actions → Compatibility): for each tool and each target a provider
 * offers, whether the target takes the tool as written (`accepts`), refuses it (`rejects`: the
 * rule and its source), or sends something else than was drafted (`rewrites`: the differences, as
 * the provider package sent them) — and where the verdict comes from.
 */

export const COMPAT_TARGETS = [
  'openai-chat-strict',
  'openai-chat',
  'openai-responses-strict',
  'anthropic-strict',
  'anthropic',
  'gemini',
  'gemini-legacy',
  'openai-compatible',
] as const;
export type CompatTargetId = (typeof COMPAT_TARGETS)[number];

/** A target: its label, the wire format its package renders (none: no package sends it), and whether strict is asked. */
export type CompatTarget = {
  id: CompatTargetId;
  label: string;
  format?: WireFormat | 'openai-compatible';
  strict: boolean;
};

export const COMPAT_TARGET_INFO: Record<CompatTargetId, CompatTarget> = {
  'openai-chat-strict': {
    id: 'openai-chat-strict',
    label: 'OpenAI Chat (strict)',
    format: 'openai-chat',
    strict: true,
  },
  'openai-chat': { id: 'openai-chat', label: 'OpenAI Chat', format: 'openai-chat', strict: false },
  'openai-responses-strict': {
    id: 'openai-responses-strict',
    label: 'OpenAI Responses (strict)',
    format: 'openai-responses',
    strict: true,
  },
  'anthropic-strict': { id: 'anthropic-strict', label: 'Anthropic (strict)', format: 'anthropic', strict: true },
  anthropic: { id: 'anthropic', label: 'Anthropic', format: 'anthropic', strict: false },
  gemini: { id: 'gemini', label: 'Gemini (parametersJsonSchema)', format: 'gemini', strict: false },
  // @ai-sdk/google sends parametersJsonSchema only: the legacy field is judged by its documented rules.
  'gemini-legacy': { id: 'gemini-legacy', label: 'Gemini (legacy parameters)', strict: false },
  'openai-compatible': {
    id: 'openai-compatible',
    label: 'OpenAI-compatible (Ollama, vLLM)',
    format: 'openai-compatible',
    strict: false,
  },
};

export type CompatVerdict = 'accepts' | 'rejects' | 'rewrites';

/** A provider's documented rule: what it says, where, and when the playground recorded it. */
export type DocumentedSource = { title: string; url: string; quote: string; recorded: string };

/** Where a cell's verdict comes from. */
export type CompatSource =
  | { kind: 'sent'; packageName: string }
  | { kind: 'documented'; source: DocumentedSource }
  | { kind: 'probed'; at: string; status: number; message: string };

/** One reason of a cell: a sentence, where in the tool (a path), and its source. */
export type CompatReason = { message: string; path: (string | number)[]; source: CompatSource };

/** A probe's answer kept in the session: a real request with one tool, to one target (`Probe with my key`). */
export type CompatProbe = { tool: string; target: CompatTargetId; at: string; status: number; message: string };

export type CompatCell = {
  tool: string;
  target: CompatTargetId;
  verdict: CompatVerdict;
  /** Why it rejects, or what it rewrites (empty when it accepts). */
  reasons: CompatReason[];
  /** What the verdict rests on: the package's capture, the documented rules, or a probe. */
  basis: CompatSource['kind'];
  /** The tool's schema as the package sent it (when a package sends this target). */
  sent?: unknown;
  /** The probe the verdict rests on, when there is one. */
  probe?: CompatProbe;
};
