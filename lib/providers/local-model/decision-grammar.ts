/*
 * The grammar of a model's decision (llama.cpp GBNF): either answer in text — any first token but
 * the one that opens a tool call — or open a tool call and write the name of one declared tool.
 * The arguments come after, fitted to that tool's JSON Schema by the engine. The same strings
 * are the branches `decisionProbabilities` walks, so what is sampled is what is shown.
 */

export type ToolChoiceMode = { kind: 'auto' } | { kind: 'required' } | { kind: 'tool'; toolName: string };

/** What follows the tool-call token before the name, and after it before the arguments. */
export const CALL_PREFIX = '\n{"name": "';
export const CALL_INFIX = '", "arguments": ';
export const CALL_SUFFIX = '}\n';

/** The names the model may choose from, given the tool choice. */
export function choosableNames(names: readonly string[], choice: ToolChoiceMode): string[] {
  return choice.kind === 'tool' ? names.filter((name) => name === choice.toolName) : [...names];
}

/** A GBNF string literal: every byte outside printable ASCII and every quote or backslash escaped. */
export function gbnfLiteral(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '"' || char === '\\') out += `\\${char}`;
    else if (code === 10) out += '\\n';
    else if (code === 13) out += '\\r';
    else if (code === 9) out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += char;
  }
  return `${out}"`;
}

/** The decision's grammar: text, or a tool call up to its arguments. */
export function decisionGrammar(names: readonly string[], openToken: number, choice: ToolChoiceMode): string {
  const alternatives = choosableNames(names, choice).map((name) => gbnfLiteral(name + CALL_INFIX));
  const call = `call ::= <[${openToken}]> ${gbnfLiteral(CALL_PREFIX)} (${alternatives.join(' | ')})`;
  const text = `text ::= !<[${openToken}]> (!<[${openToken}]>)*`;
  if (choice.kind !== 'auto') return `root ::= call\n${call}`;
  return `root ::= call | text\n${call}\n${text}`;
}
