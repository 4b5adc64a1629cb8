import { checkJsonTextDepth } from './check-json-depth';
import { INPUT_LIMITS } from './input-limits';

/*
 * A stranger's JSON or YAML measured for nesting before any parser sees it: the parsers recurse
 * (or build a million nested arrays before failing), so a run of brackets would overflow the stack
 * or take seconds. One pass, no recursion, linear in the text. It is a bound, not a parser: the
 * parsed value is still checked (`checkJsonDepth`); this only keeps the parser from going deep.
 */

/** Where a text nests too deeply: its sentence, and the line and column (1-based). */
export type TextNesting = { message: string; line: number; column: number };

/** Line and column (1-based) of an offset into `text`. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

const tooDeep = (text: string, offset: number, limit: number): TextNesting => {
  const { line, column } = lineColumnAt(text, offset);
  return { message: `it nests deeper than ${limit} levels at line ${line}, column ${column}`, line, column };
};

/** Where JSON text first nests deeper than `limit` (brackets outside strings), or undefined. */
export function findJsonNesting(text: string, limit: number = INPUT_LIMITS.maxTextNesting): TextNesting | undefined {
  const depth = checkJsonTextDepth(text, limit);
  return depth.ok || depth.offset === undefined ? undefined : tooDeep(text, depth.offset, limit);
}

/** Characters after which a quote opens a quoted scalar in YAML (else it is part of plain text). */
const BEFORE_SCALAR = new Set(['', ' ', '\t', '[', '{', ',', ':', '-', '?']);

/** The end of the quoted scalar that opens at `at` (one past its closing quote, or the end of the text). */
function skipQuoted(text: string, at: number): number {
  const quote = text[at];
  let index = at + 1;
  while (index < text.length) {
    const char = text[index];
    if (quote === '"' && char === '\\') index += 2;
    else if (char === quote && quote === "'" && text[index + 1] === "'") index += 2;
    else if (char === quote) return index + 1;
    else index++;
  }
  return index;
}

/** Whether a line's content (after its indentation) ends by opening a block scalar (`|`, `>`, with indicators). */
function opensBlockScalar(text: string, from: number, end: number): boolean {
  let last = end;
  for (let index = from + 1; index < end; index++)
    if (text[index] === '#' && (text[index - 1] === ' ' || text[index - 1] === '\t')) {
      last = index;
      break;
    }
  while (last > from && (text[last - 1] === ' ' || text[last - 1] === '\t' || text[last - 1] === '\r')) last--;
  let at = last;
  while (at > from && /[0-9+-]/.test(text[at - 1])) at--;
  return at > from && (text[at - 1] === '|' || text[at - 1] === '>') && (at - 1 === from || text[at - 2] === ' ');
}

type YamlScan = { text: string; limit: number; flow: number; indents: number[] };

/** Scans one line's content from `at` to `end`, counting flow brackets; the offset where it goes too deep, if it does. */
function scanYamlLine(scan: YamlScan, at: number, end: number): number | undefined {
  const { text } = scan;
  // Compact nested sequences ("- - - a") nest on one line.
  let sequences = 0;
  let index = at;
  while (scan.flow === 0 && text[index] === '-' && (text[index + 1] === ' ' || index + 1 === end)) {
    sequences++;
    if (scan.indents.length - 1 + sequences > scan.limit) return index;
    index += 2;
  }
  for (; index < end; index++) {
    const char = text[index];
    const before = index === at ? '' : text[index - 1];
    if ((char === '"' || char === "'") && BEFORE_SCALAR.has(before)) index = skipQuoted(text, index) - 1;
    else if (char === '#' && (before === '' || before === ' ' || before === '\t')) return undefined;
    else if (char === '[' || char === '{') {
      scan.flow++;
      if (scan.indents.length - 1 + scan.flow > scan.limit) return index;
    } else if (char === ']' || char === '}') scan.flow = Math.max(0, scan.flow - 1);
  }
  return undefined;
}

/**
 * Where YAML text first nests deeper than `limit`, or undefined: flow brackets outside quoted
 * scalars and comments, each more-indented block, and compact sequences ("- - -") count; the lines
 * of a block scalar (`|`, `>`) are text.
 */
export function findYamlNesting(text: string, limit: number = INPUT_LIMITS.maxTextNesting): TextNesting | undefined {
  const scan: YamlScan = { text, limit, flow: 0, indents: [0] };
  let start = 0;
  let blockScalarIndent: number | undefined;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    let at = start;
    while (at < end && (text[at] === ' ' || text[at] === '\t')) at++;
    const blank = at === end || text[at] === '\r' || text[at] === '#';
    const width = at - start;
    if (blockScalarIndent !== undefined && (blank || width > blockScalarIndent)) {
      start = end + 1;
      continue;
    }
    blockScalarIndent = undefined;
    if (!blank) {
      if (scan.flow === 0) {
        while (scan.indents.length > 1 && width < (scan.indents.at(-1) ?? 0)) scan.indents.pop();
        if (width > (scan.indents.at(-1) ?? 0)) {
          scan.indents.push(width);
          if (scan.indents.length - 1 > limit) return tooDeep(text, at, limit);
        }
      }
      const deep = scanYamlLine(scan, at, end);
      if (deep !== undefined) return tooDeep(text, deep, limit);
      if (scan.flow === 0 && opensBlockScalar(text, at, end)) blockScalarIndent = width;
    }
    start = end + 1;
  }
  return undefined;
}
