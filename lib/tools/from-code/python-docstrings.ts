/**
 * Python docstrings as LangChain reads them: `inspect.cleandoc`, `textwrap.dedent` and
 * `_parse_google_docstring` (langchain_core.utils.function_calling), line for line, so a
 * description and its `Args:` come out as `convert_to_openai_tool` makes them.
 */

const expandTabs = (line: string) => {
  let out = '';
  for (const char of line) out += char === '\t' ? ' '.repeat(8 - (out.length % 8)) : char;
  return out;
};
const indentOf = (line: string) => line.length - line.trimStart().length;
const isBlank = (line: string) => line.trim() === '';

/** `inspect.cleandoc`: the first line's leading space and the rest's common indent removed, blank ends dropped. */
export function cleandoc(doc: string): string {
  const lines = doc.split('\n').map(expandTabs);
  const margins = lines
    .slice(1)
    .filter((line) => !isBlank(line))
    .map(indentOf);
  const margin = margins.length > 0 ? Math.min(...margins) : 0;
  const cleaned = [lines[0].trimStart(), ...lines.slice(1).map((line) => line.slice(margin))];
  while (cleaned.length > 0 && isBlank(cleaned[0])) cleaned.shift();
  while (cleaned.length > 0 && isBlank(cleaned[cleaned.length - 1])) cleaned.pop();
  return cleaned.join('\n');
}

/** `textwrap.dedent`: whitespace-only lines emptied, then the indent every other line shares removed. */
export function dedent(text: string): string {
  const lines = text.split('\n').map((line) => (isBlank(line) ? '' : line));
  const prefixes = lines.filter((line) => line !== '').map((line) => line.slice(0, indentOf(line)));
  let common = prefixes[0] ?? '';
  for (const prefix of prefixes) {
    let shared = 0;
    while (shared < common.length && shared < prefix.length && common[shared] === prefix[shared]) shared += 1;
    common = common.slice(0, shared);
  }
  return lines.map((line) => line.slice(common.length)).join('\n');
}

/** Python's `str.strip()` (whitespace both ends). */
export function pyStrip(text: string): string {
  // One pass from each end (`/\s+$/` backtracks on every run of white space that does not end the text).
  let start = 0;
  let end = text.length;
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return text.slice(start, end);
}

export type GoogleDocstring = { description: string; args: Map<string, string>; hasArgs: boolean };

/**
 * `_parse_google_docstring`: the blocks before `Args:` (skipping `Returns:`/`Example:` ones)
 * joined by a space are the description; each `name (type): text` line of `Args:` a parameter's.
 */
export function parseGoogleDocstring(docstring: string | undefined): GoogleDocstring {
  const args = new Map<string, string>();
  if (!docstring) return { description: '', args, hasArgs: false };
  const blocks = docstring.split('\n\n');
  const descriptors: string[] = [];
  let argsBlock: string | undefined;
  let pastDescriptors = false;
  for (const block of blocks) {
    if (block.startsWith('Args:')) {
      argsBlock = block;
      break;
    }
    if (block.startsWith('Returns:') || block.startsWith('Example:')) pastDescriptors = true;
    else if (!pastDescriptors) descriptors.push(block);
  }
  const description = pyStrip(descriptors.join(' '));
  if (argsBlock === undefined) return { description, args, hasArgs: false };
  let arg: string | undefined;
  let argIndent: number | undefined;
  for (const line of argsBlock.split('\n').slice(1)) {
    if (isBlank(line)) continue;
    const indent = indentOf(line);
    if (argIndent === undefined && line.includes(':')) argIndent = indent;
    const continuation = argIndent !== undefined && indent > argIndent;
    if (arg !== undefined && continuation) {
      args.set(arg, `${args.get(arg)} ${pyStrip(line)}`);
    } else if (line.includes(':')) {
      const colon = line.indexOf(':');
      let name = pyStrip(line.slice(0, colon));
      const space = name.indexOf(' ');
      if (space !== -1) {
        const annotation = name.slice(space + 1);
        if (annotation.startsWith('(') && annotation.endsWith(')')) name = name.slice(0, space);
      }
      arg = name;
      args.set(arg, pyStrip(line.slice(colon + 1)));
    } else if (arg !== undefined) {
      args.set(arg, `${args.get(arg)} ${pyStrip(line)}`);
    }
  }
  return { description, args, hasArgs: true };
}

/** Whether LangChain's `error_on_invalid_docstring` would refuse it (`@tool(parse_docstring=True)`'s default). */
export function isInvalidGoogleDocstring(docstring: string | undefined, argNames: readonly string[]): boolean {
  const documented = argNames.filter((name) => !['run_manager', 'callbacks', 'runtime', 'return'].includes(name));
  if (!docstring) return true;
  if (documented.length === 0) return false;
  const blocks = docstring.split('\n\n');
  return blocks.length < 2 || !blocks.slice(1).some((block) => block.startsWith('Args:'));
}
