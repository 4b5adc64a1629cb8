/*
 * What promptfoo (0.123, read in its source and tried on it) does with the strings of a config it
 * loads, and how the export keeps a stranger's text inert in each place (SECURITY.md, "An export
 * is code for another program"):
 *
 * - every string of the config: `{{ … env … }}` is rendered at load (the key ends up where the
 *   template stood), and every object's `$ref` is resolved (files, URLs) — except OpenAI Chat
 *   tools' `function.parameters`;
 * - assertion values are then rendered once as Nunjucks templates, which is not a sandbox
 *   (`{{ range.constructor("…")() }}` runs code), and tool definitions once or twice (OpenAI Chat);
 * - a var that is a string is rendered too, and loaded first when it starts with `file://` or
 *   `package:` (a `.js` or `.py` file runs); an assertion value that starts with `file://` is read;
 * - labels and descriptions are only shown.
 *
 * So: no string the export writes holds `{{`, `{%` or `{#` as syntax (rendered once: escaped
 * exactly; rendered any number of times or shown: broken by a zero-width space); stranger text reaches vars
 * only inside an object (`messages`), never as a string var; a `$ref` only where promptfoo leaves it.
 * Each scan is one pass (linear in the text).
 */

const isOpener = (char: string | undefined) => char === '{' || char === '%' || char === '#';

/**
 * For a string promptfoo renders as Nunjucks exactly once (tool definitions, assertion values):
 * each opening `{` is written `{{ "{" }}` and each `#` before `}` (Nunjucks refuses a stray end of
 * comment) `{{ "#" }}`; both render as the character — the text arrives as written, and the
 * load-time `{{ env… }}` pass finds only `{{ "{" }}` and `{{ "#" }}`.
 */
export function inertRendered(text: string): string {
  if (!text.includes('{') && !text.includes('#}')) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    out +=
      char === '{' && isOpener(text[i + 1]) ? '{{ "{" }}' : char === '#' && text[i + 1] === '}' ? '{{ "#" }}' : char;
  }
  return out;
}

/** Prefixes promptfoo loads a value from (a file, a package, a prompt service) where it finds them. */
export const LOADER_PREFIXES = [
  'file://',
  'package:',
  'python:',
  'javascript:',
  'huggingface://',
  'langfuse://',
  'portkey://',
  'helicone://',
  'az://',
] as const;

/** The loader prefix a string starts with, if any (promptfoo compares as written: case matters). */
export const loaderPrefixOf = (text: string): string | undefined =>
  LOADER_PREFIXES.find((prefix) => text.startsWith(prefix));

const ZERO_WIDTH_SPACE = '\u200b';

/**
 * For a string promptfoo may render any number of times (a tool definition: its OpenAI provider
 * renders them twice) or only shows: each opening `{` and each `#` before `}` is followed by a
 * zero-width space — it reads the same, and no number of renders finds syntax in it.
 */
export function breakSyntax(text: string): string {
  if (!text.includes('{') && !text.includes('#}')) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    const next = text[i + 1];
    out += (char === '{' && isOpener(next)) || (char === '#' && next === '}') ? `${char}${ZERO_WIDTH_SPACE}` : char;
  }
  return out;
}

/** For a string promptfoo only shows (a label, a description): syntax broken, and a loader prefix at its start. */
export function inertShown(text: string): string {
  const broken = breakSyntax(text);
  return loaderPrefixOf(broken) ? `${ZERO_WIDTH_SPACE}${broken}` : broken;
}

/** Every string in a JSON value mapped by `map` (keys are kept: promptfoo renders values only). */
export function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  return value;
}

/** Whether any string in a JSON value holds Nunjucks syntax ("{{", "{%", "{#" or "#}"). */
export function holdsSyntax(value: unknown): boolean {
  let found = false;
  mapStrings(value, (text) => {
    found ||= breakSyntax(text) !== text;
    return text;
  });
  return found;
}

/** Whether a JSON value holds a `$ref` key at any depth (promptfoo would resolve it at load). */
export function holdsRef(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (Array.isArray(item)) stack.push(...item);
    else if (typeof item === 'object' && item !== null) {
      if (Object.hasOwn(item, '$ref')) return true;
      stack.push(...Object.values(item));
    }
  }
  return false;
}

/*
 * Messages reach the model through `{{ messages | dump }}`: the array is never rendered, but its
 * strings still meet the load-time `{{ env… }}` pass. So a message's text is written with each
 * opening `{` as U+E000 "1" and each U+E000 as U+E000 "2" (one pass; U+E000 is a private-use
 * character), and the prompt undoes both after `dump` with Nunjucks' `replace` — "1" first, then
 * "2": a U+E000 in the written text is always the first of a pair, so neither replacement can
 * match across two pairs. Texts without an opening `{` or a U+E000 are written as they are.
 */
const MARK = '\ue000';

/** A message's text as the export writes it (see above). */
export function encodeForDump(text: string): string {
  if (!text.includes('{') && !text.includes(MARK)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    out += char === MARK ? `${MARK}2` : char === '{' && isOpener(text[i + 1]) ? `${MARK}1` : char;
  }
  return out;
}

/** The inverse of `encodeForDump` (what promptfoo's prompt computes; for the import and the tests). */
export const decodeDumped = (text: string): string => text.replaceAll(`${MARK}1`, '{').replaceAll(`${MARK}2`, MARK);

/** The prompt that sends the `messages` var as chat messages, decoding `encodeForDump` when `encoded`. */
export const messagesPrompt = (encoded: boolean): string =>
  encoded
    ? `{{ messages | dump | replace("${MARK}1", "{") | replace("${MARK}2", "${MARK}") }}`
    : '{{ messages | dump }}';

/** A model id promptfoo can take as written: letters, digits and `._:/@+-` only. */
export const isPlainModelId = (model: string): boolean => /^[\w.:/@+-]{1,200}$/.test(model);
