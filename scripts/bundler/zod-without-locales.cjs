/**
 * A Turbopack loader for zod's two entry modules (`v4/core/index.js`, `v4/classic/external.js`),
 * browser builds only (next.config.mjs): drops their `export * as locales` line. Turbopack keeps
 * every module a namespace re-export names, so each chunk with zod carried all its 50-odd
 * locales — 195 KB of 317 raw — and instantiated them on first use (vercel/next.js#88643,
 * colinhacks/zod#6050). English, zod's default messages, is imported by zod's schemas directly
 * and stays; `z.locales` is not used here. The line must be found: a zod release that words it
 * otherwise fails the build, not silently keeps the locales.
 */
const LOCALES_EXPORT = 'export * as locales from "../locales/index.js";';

module.exports = function zodWithoutLocales(source) {
  if (!source.includes(LOCALES_EXPORT)) {
    throw new Error(
      `zod-without-locales: "${LOCALES_EXPORT}" is not in ${this.resourcePath}: look at zod's entry again.`,
    );
  }
  return source.replace(LOCALES_EXPORT, '');
};
