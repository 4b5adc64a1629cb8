/** JavaScript a browser may transfer before the playground's Send is usable, gzipped (KB): the size gate's budget and the bench's. */
export const SEND_BUDGET_KB = 300;
/** JavaScript the embed player may load (KB). */
export const EMBED_BUDGET_KB = 200;
