import { INPUT_LIMITS } from '../../limits/input-limits';
import type { CodeLanguage, CodeProblem } from '../../shapes/tool-from-code';

const OPENERS = new Set(['(', '[', '{']);
const CLOSERS = new Set([')', ']', '}']);

/**
 * Parsers and readers recurse once per level of nesting, so a stranger's 3,000-deep paste
 * would overflow the page's stack: this measures first.
 * The first place where `code` nests deeper than `limit` levels, as a problem naming its line
 * and column (1-based), or undefined. One pass, no recursion, linear in the text: brackets
 * outside strings and comments count (a template literal's `${` counts as one), and for Python
 * each indented block counts too. It is a bound, not a parser: a miscounted regex literal only
 * moves the measure by its brackets.
 */
export function findDeepNesting(
  code: string,
  language: CodeLanguage,
  limit: number = INPUT_LIMITS.maxCodeNesting,
): CodeProblem | undefined {
  const python = language === 'python' || language === 'pydantic';
  const s: Scan = { code, depth: 0, line: 1, lineStart: 0, atLineStart: true, templates: [] };
  const indents: number[] = [0];
  const deep = (at: number): CodeProblem => ({
    message: `The code nests deeper than ${limit} levels here: a tool's schema may nest at most ${INPUT_LIMITS.maxJsonDepth} levels, so this cannot be a tool definition.`,
    line: s.line,
    column: at - s.lineStart + 1,
  });
  let index = 0;
  while (index < code.length) {
    const char = code[index];
    if (char === '\n') {
      newline(s, index);
      index += 1;
      continue;
    }
    if (python && s.atLineStart && s.depth === 0) {
      // Indentation opens a block when it grows, closes blocks when it shrinks (blank lines and comments do not count).
      let end = index;
      while (code[end] === ' ' || code[end] === '\t') end += 1;
      if (code[end] !== '\n' && code[end] !== '#' && code[end] !== '\r' && end < code.length) {
        const width = end - index;
        while (indents.length > 1 && width < (indents.at(-1) ?? 0)) indents.pop();
        if (width > (indents.at(-1) ?? 0)) {
          indents.push(width);
          if (indents.length - 1 > limit) return deep(end);
        }
      }
      s.atLineStart = false;
      index = end;
      continue;
    }
    s.atLineStart = false;
    const after = python ? skipPythonText(s, index) : skipScriptText(s, index);
    if (after !== index) {
      index = after;
      continue;
    }
    if (!python && char === '`') {
      index = skipTemplate(s, index + 1);
      if (s.depth + indents.length - 1 > limit) return deep(index - 1);
      continue;
    }
    if (OPENERS.has(char)) {
      s.depth += 1;
      if (s.depth + indents.length - 1 > limit) return deep(index);
    } else if (CLOSERS.has(char)) {
      s.depth = Math.max(0, s.depth - 1);
      if (char === '}' && s.templates.length > 0 && s.templates.at(-1) === s.depth) {
        s.templates.pop();
        index = skipTemplate(s, index + 1);
        if (s.depth > limit) return deep(index - 1);
        continue;
      }
    }
    index += 1;
  }
  return undefined;
}

/** Where a scan of the text is: its bracket depth, the line it is on, and which braces close a template's `${`. */
type Scan = {
  readonly code: string;
  depth: number;
  line: number;
  lineStart: number;
  atLineStart: boolean;
  /** Template literals nest: `a ${ `b ${ c } ` }` — the depth at which each open hole's brace closes it. */
  templates: number[];
};

function newline(s: Scan, at: number) {
  s.line += 1;
  s.lineStart = at + 1;
  s.atLineStart = true;
}

const endOfLine = (code: string, at: number) => {
  const end = code.indexOf('\n', at);
  return end === -1 ? code.length : end;
};

/** Skips a Python string or comment that starts at `at`: the index after it, or `at` when none starts there. */
function skipPythonText(s: Scan, at: number): number {
  const { code } = s;
  const char = code[at];
  if (char === '#') return endOfLine(code, at);
  if (char !== '"' && char !== "'") return at;
  const triple = code.startsWith(char.repeat(3), at);
  const quote = triple ? char.repeat(3) : char;
  let index = at + quote.length;
  while (index < code.length && !code.startsWith(quote, index)) {
    if (code[index] === '\\') index += 1;
    else if (code[index] === '\n') {
      if (!triple) return index;
      newline(s, index);
    }
    index += 1;
  }
  return Math.min(code.length, index + quote.length);
}

/** Skips a JavaScript/TypeScript string or comment that starts at `at`: the index after it, or `at` when none starts there. */
function skipScriptText(s: Scan, at: number): number {
  const { code } = s;
  const char = code[at];
  if (char === '/' && code[at + 1] === '/') return endOfLine(code, at);
  if (char === '/' && code[at + 1] === '*') {
    let index = at + 2;
    while (index < code.length && !code.startsWith('*/', index)) {
      if (code[index] === '\n') newline(s, index);
      index += 1;
    }
    return Math.min(code.length, index + 2);
  }
  if (char === '"' || char === "'") {
    let index = at + 1;
    while (index < code.length && code[index] !== char && code[index] !== '\n') {
      if (code[index] === '\\') index += 1;
      index += 1;
    }
    return Math.min(code.length, index + 1);
  }
  return at;
}

/** From inside a template literal: to its end, or into a `${` hole (which counts as one level). */
function skipTemplate(s: Scan, from: number): number {
  const { code } = s;
  let at = from;
  while (at < code.length) {
    if (code[at] === '\\') at += 2;
    else if (code[at] === '`') return at + 1;
    else if (code[at] === '$' && code[at + 1] === '{') {
      s.templates.push(s.depth);
      s.depth += 1;
      return at + 2;
    } else {
      if (code[at] === '\n') newline(s, at);
      at += 1;
    }
  }
  return at;
}
