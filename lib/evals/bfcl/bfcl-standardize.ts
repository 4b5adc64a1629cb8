/**
 * BFCL's string standardising: no spaces or ",./-_*^", lower case, ' as ". A module of its own so
 * a caller that only compares strings (the step distribution, drawn on the graph) does not load
 * the checker's value converter and its regular-expression engine.
 */
export const standardize = (text: string) =>
  text
    .replace(/[ ,./\-_*^]/g, '')
    .toLowerCase()
    .replaceAll("'", '"');
