import { firstIssue } from '../../limits/first-issue';
import { z } from 'zod';
import { MAX_MODEL_BYTES } from './read-gguf-header';

/**
 * The models the playground offers to download into the browser: small instruction models with
 * tool calling, each pinned to one revision of its publisher's file and checked against the
 * SHA-256 the publisher lists before it is used. A deployment replaces the list with its own
 * (`PLAYGROUND_MODEL_CATALOGUE`: a mirror, a classroom's server); the page's
 * Content-Security-Policy then allows only the origins it names.
 */
export type CatalogueModel = {
  id: string;
  name: string;
  /** Who made it, and under what licence it may be used. */
  publisher: string;
  licence: string;
  /** The exact file: its address, its size in bytes and its SHA-256 (hex). */
  url: string;
  sizeBytes: number;
  sha256: string;
  note: string;
};

export type ModelCatalogue = {
  models: CatalogueModel[];
  /**
   * Origins a download may be redirected to (a file host sends its files from a CDN), allowed
   * beside the origins of the models' own addresses.
   */
  redirectOrigins: string[];
};

/** Qwen 2.5 Instruct, Q4_K_M, from Qwen's own GGUF repositories (Apache-2.0), at fixed revisions. */
export const DEFAULT_MODEL_CATALOGUE: ModelCatalogue = {
  models: [
    {
      id: 'qwen2.5-0.5b-instruct-q4_k_m',
      name: 'Qwen 2.5 0.5B Instruct (Q4_K_M)',
      publisher: 'Qwen (Alibaba Cloud)',
      licence: 'Apache-2.0',
      url: 'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/9217f5db79a29953eb74d5343926648285ec7e67/qwen2.5-0.5b-instruct-q4_k_m.gguf',
      sizeBytes: 491_400_032,
      sha256: '74a4da8c9fdbcd15bd1f6d01d621410d31c6fc00986f5eb687824e7b93d7a9db',
      note: 'The smallest: single tool calls, quick on a laptop CPU.',
    },
    {
      id: 'qwen2.5-1.5b-instruct-q4_k_m',
      name: 'Qwen 2.5 1.5B Instruct (Q4_K_M)',
      publisher: 'Qwen (Alibaba Cloud)',
      licence: 'Apache-2.0',
      url: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/91cad51170dc346986eccefdc2dd33a9da36ead9/qwen2.5-1.5b-instruct-q4_k_m.gguf',
      sizeBytes: 1_117_320_736,
      sha256: '6a1a2eb6d15622bf3c96857206351ba97e1af16c30d7a74ee38970e434e9407e',
      note: 'Better arguments and choices; about three times slower.',
    },
  ],
  // Hugging Face answers a file's address with a redirect to its storage.
  redirectOrigins: [
    'https://cas-bridge.xethub.hf.co',
    'https://cdn-lfs.hf.co',
    'https://cdn-lfs-us-1.hf.co',
    'https://cdn-lfs.huggingface.co',
  ],
};

const originOf = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password
      ? url.origin
      : undefined;
  } catch {
    return undefined;
  }
};

const addressSchema = z
  .string()
  .max(2_000)
  .refine((value) => originOf(value) !== undefined, 'must be an http(s) address without a user or password');

export const catalogueSchema = z.object({
  models: z
    .array(
      z.object({
        id: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'letters, digits, ".", "_" and "-" only'),
        name: z.string().min(1).max(200),
        publisher: z.string().max(200).default(''),
        licence: z.string().max(100).default(''),
        url: addressSchema,
        sizeBytes: z
          .number()
          .int()
          .positive()
          .max(MAX_MODEL_BYTES, `at most ${MAX_MODEL_BYTES} bytes (3 GB: what the browser can hold)`),
        sha256: z
          .string()
          .regex(/^[0-9a-fA-F]{64}$/, '64 hexadecimal digits')
          .transform((value) => value.toLowerCase()),
        note: z.string().max(500).default(''),
      }),
    )
    .min(1)
    .max(20),
  redirectOrigins: z
    .array(
      addressSchema.refine(
        (value) => originOf(value) === value.replace(/\/$/, ''),
        'an origin only (scheme, host, port)',
      ),
    )
    .max(20)
    .default([]),
});

/**
 * Reads a catalogue a deployment wrote (JSON), or says in one sentence what is wrong with it:
 * http(s) addresses only, a 64-digit SHA-256, a size the browser can hold, distinct ids.
 */
export function readModelCatalogue(
  text: string,
): { ok: true; catalogue: ModelCatalogue } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `The model catalogue is not JSON: ${(error as Error).message}` };
  }
  const parsed = catalogueSchema.safeParse(json);
  if (!parsed.success) {
    const { where, why } = firstIssue(parsed.error, 'its top');
    return { ok: false, error: `The model catalogue is not valid at ${where}: ${why}.` };
  }
  const ids = new Set<string>();
  for (const model of parsed.data.models) {
    if (ids.has(model.id)) return { ok: false, error: `The model catalogue names "${model.id}" twice.` };
    ids.add(model.id);
  }
  return {
    ok: true,
    catalogue: {
      models: parsed.data.models,
      redirectOrigins: parsed.data.redirectOrigins.map((origin) => originOf(origin) as string),
    },
  };
}

/** Every origin a download from this catalogue may connect to: its models' hosts and their redirects. */
export function catalogueOrigins(catalogue: ModelCatalogue): string[] {
  const origins = [...catalogue.models.map((model) => originOf(model.url)), ...catalogue.redirectOrigins];
  return [...new Set(origins.filter((origin): origin is string => origin !== undefined))];
}
