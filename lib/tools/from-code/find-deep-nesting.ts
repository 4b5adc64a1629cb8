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
  let depth = 0;
  let line = 1;
  let lineStart = 0;
  const indents: number[] = [0];
  let atLineStart = true;
  const deep = (at: number): CodeProblem => ({
    message: `The code nests deeper than ${limit} levels here: a tool's schema may nest at most ${INPUT_LIMITS.maxJsonDepth} levels, so this cannot be a tool definition.`,
    line,
    column: at - lineStart + 1,
  });
  const newline = (at: number) => {
    line += 1;
    lineStart = at + 1;
    atLineStart = true;
  };
  /** Skips a string or comment that starts at `at`; returns the index after it (or `at` when none starts there). */
  const skip = (at: number): number => {
    const char = code[at];
    if (python) {
      if (char === '#') return endOfLine(at);
      if (char === '"' || char === "'") {
        const triple = code.startsWith(char.repeat(3), at);
        const quote = triple ? char.repeat(3) : char;
        let index = at + quote.length;
        while (index < code.length && !code.startsWith(quote, index)) {
          if (code[index] === '\\') index += 1;
          else if (code[index] === '\n') {
            if (!triple) return index;
            newline(index);
          }
          index += 1;
        }
        return Math.min(code.length, index + quote.length);
      }
      return at;
    }
    if (char === '/' && code[at + 1] === '/') return endOfLine(at);
    if (char === '/' && code[at + 1] === '*') {
      let index = at + 2;
      while (index < code.length && !code.startsWith('*/', index)) {
        if (code[index] === '\n') newline(index);
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
  };
  const endOfLine = (at: number) => {
    const end = code.indexOf('\n', at);
    return end === -1 ? code.length : end;
  };
  // Template literals nest: `a ${ `b ${ c } ` }` — a stack of which brace closes a template hole.
  const templates: number[] = [];
  let index = 0;
  while (index < code.length) {
    const char = code[index];
    if (char === '\n') {
      newline(index);
      index += 1;
      continue;
    }
    if (python && atLineStart && depth === 0) {
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
      atLineStart = false;
      index = end;
      continue;
    }
    atLineStart = false;
    const after = skip(index);
    if (after !== index) {
      index = after;
      continue;
    }
    if (!python && char === '`') {
      index = skipTemplate(index + 1);
      if (depth + indents.length - 1 > limit) return deep(index - 1);
      continue;
    }
    if (OPENERS.has(char)) {
      depth += 1;
      if (depth + indents.length - 1 > limit) return deep(index);
    } else if (CLOSERS.has(char)) {
      depth = Math.max(0, depth - 1);
      if (char === '}' && templates.length > 0 && templates.at(-1) === depth) {
        templates.pop();
        index = skipTemplate(index + 1);
        if (depth > limit) return deep(index - 1);
        continue;
      }
    }
    index += 1;
  }
  return undefined;

  /** From inside a template literal: to its end, or into a `${` hole (which counts as one level). */
  function skipTemplate(from: number): number {
    let at = from;
    while (at < code.length) {
      if (code[at] === '\\') at += 2;
      else if (code[at] === '`') return at + 1;
      else if (code[at] === '$' && code[at + 1] === '{') {
        templates.push(depth);
        depth += 1;
        return at + 2;
      } else {
        if (code[at] === '\n') newline(at);
        at += 1;
      }
    }
    return at;
  }
}
