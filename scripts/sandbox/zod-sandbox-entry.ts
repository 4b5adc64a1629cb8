/**
 * What the handler sandbox gets when it reads a zod / AI SDK `tool()` paste: zod itself and the
 * AI SDK's own helpers, so the schema is the one the AI SDK sends (`asSchema(...).jsonSchema`).
 * Bundled by scripts/build-vendor-assets.mjs into one script the page posts into the frame.
 */
export { z } from 'zod';
export { asSchema, jsonSchema, tool, zodSchema } from 'ai';
