/** The fragment a share link carries its session in: `#share=1.<lz-string data>`. */
export const SHARE_PREFIX = '#share=1.';
