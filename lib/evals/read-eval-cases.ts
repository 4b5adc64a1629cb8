import { checkJsonDepth } from '../limits/check-json-depth';
import { EVAL_CASES_KIND, type EvalCase, evalCaseSchema, MAX_EVAL_CASES } from '../model/eval-case';

/** Longest case text read (a paste or a file), in characters. */
export const MAX_EVAL_CASES_CHARS = 5_000_000;

export type ReadEvalCases = { ok: true; cases: EvalCase[]; notes: string[] } | { ok: false; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a BFCL function doc says of one parameter: its type, its items' type, whether it is required. */
type BfclParameter = { type?: string; items?: string; required: boolean };

/** The parameters of the entry's function docs, by function name, then parameter name. */
function bfclParameters(functions: unknown): Map<string, Map<string, BfclParameter>> {
  const found = new Map<string, Map<string, BfclParameter>>();
  for (const doc of Array.isArray(functions) ? functions : []) {
    if (!isRecord(doc) || typeof doc.name !== 'string' || !isRecord(doc.parameters)) continue;
    const properties = isRecord(doc.parameters.properties) ? doc.parameters.properties : {};
    const required = Array.isArray(doc.parameters.required) ? doc.parameters.required : [];
    found.set(
      doc.name,
      new Map(
        Object.entries(properties).map(([name, property]) => {
          const details = isRecord(property) ? property : {};
          const items =
            isRecord(details.items) && typeof details.items.type === 'string' ? details.items.type : undefined;
          const type = typeof details.type === 'string' ? details.type : undefined;
          return [name, { type, items, required: required.includes(name) }];
        }),
      ),
    );
  }
  return found;
}

/**
 * One BFCL ground-truth argument (its acceptable values; "" means it may be left out, unless
 * the function doc requires it) as BFCL's own check, with the doc's type.
 */
function bfclMatcher(values: unknown, parameter: BfclParameter | undefined): Record<string, unknown> {
  const list = Array.isArray(values) ? values : [values];
  const optional = list.includes('') && !parameter?.required;
  return {
    bfcl: list,
    ...(parameter?.type ? { type: parameter.type } : {}),
    ...(parameter?.items ? { items: parameter.items } : {}),
    ...(optional ? { optional: true } : {}),
  };
}

/**
 * A BFCL message's `content` as text: a string, or text parts (`"…"` or `{ text }`); anything
 * else is undefined (the case is then refused with a sentence naming the message).
 */
function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const texts = content.map((part) =>
    typeof part === 'string' ? part : isRecord(part) && typeof part.text === 'string' ? part.text : undefined,
  );
  return texts.every((text) => text !== undefined) ? texts.join('') : undefined;
}

/** Thrown for a BFCL entry that cannot become a case; its message names the entry and the field. */
class BfclEntryError extends Error {}

/**
 * A BFCL entry — `question` (turns of `{role, content}`) with `ground_truth` (a list of
 * `{ function: { argument: [acceptable values] } }`) — as a case: the first turn's last user
 * message is the prompt, the turn's earlier messages come before it.
 */
function fromBfcl(entry: Record<string, unknown>, index: number): unknown {
  const turns = Array.isArray(entry.question) ? entry.question : [];
  const turn = (Array.isArray(turns[0]) ? turns[0] : turns).filter(isRecord);
  const lastUser = turn.map((message) => message.role).lastIndexOf('user');
  const truth = Array.isArray(entry.ground_truth) ? entry.ground_truth.filter(isRecord) : [];
  const id = typeof entry.id === 'string' ? entry.id : `bfcl-${index + 1}`;
  const docs = bfclParameters(entry.function);
  const text = (message: Record<string, unknown>, at: number) => {
    const read = contentText(message.content ?? '');
    if (read === undefined)
      throw new BfclEntryError(
        `BFCL entry ${index + 1} (${id}): message ${at + 1}'s "content" must be text or a list of text parts, not ${Array.isArray(message.content) ? 'a list of other parts' : typeof message.content}.`,
      );
    return read;
  };
  return {
    id,
    prompt: lastUser === -1 ? '' : text(turn[lastUser], lastUser),
    ...(lastUser > 0
      ? {
          messages: turn
            .slice(0, lastUser)
            .map((message, at) => ({ message, at }))
            .filter(({ message }) => message.role === 'user' || message.role === 'assistant')
            .map(({ message, at }) => ({ role: message.role, text: text(message, at) })),
        }
      : {}),
    expect:
      truth.length === 0
        ? { noTool: true }
        : {
            // BFCL counts an argument its answer does not name as wrong: the arguments are exact.
            calls: truth.flatMap((call) =>
              Object.entries(call).map(([tool, args]) => ({
                tool,
                args: Object.fromEntries(
                  Object.entries(isRecord(args) ? args : {}).map(([name, values]) => [
                    name,
                    bfclMatcher(values, docs.get(tool)?.get(name)),
                  ]),
                ),
                exactArgs: true,
              })),
            ),
          },
  };
}

/** The entries of a paste: a case file, an array, or JSON Lines (BFCL's questions and answers may come in one paste). */
function entriesOf(text: string): { ok: true; entries: unknown[] } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed.startsWith('[') || (trimmed.startsWith('{') && !trimmed.includes('\n{'))) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (Array.isArray(value)) return { ok: true, entries: value };
      if (isRecord(value) && value.kind === EVAL_CASES_KIND) {
        if (value.version !== 1)
          return {
            ok: false,
            message: `This case file has version ${String(value.version)}; this playground reads version 1.`,
          };
        return { ok: true, entries: Array.isArray(value.cases) ? value.cases : [] };
      }
      return { ok: true, entries: [value] };
    } catch (error) {
      if (trimmed.startsWith('['))
        return { ok: false, message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}.` };
    }
  }
  const entries: unknown[] = [];
  const lines = trimmed.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    try {
      entries.push(JSON.parse(line));
    } catch (error) {
      return {
        ok: false,
        message: `Line ${index + 1} is not JSON: ${error instanceof Error ? error.message : String(error)}.`,
      };
    }
  }
  return { ok: true, entries };
}

/**
 * Reads eval cases from a paste or a file: the case file (`{ kind, version, cases }`), an array
 * of cases, JSON Lines of cases, or BFCL's questions with their ground truth (joined by `id`
 * when they come as separate lines). Bounded in size and depth; the first bad case is named.
 */
export function readEvalCases(text: string): ReadEvalCases {
  if (text.length > MAX_EVAL_CASES_CHARS)
    return { ok: false, message: `Too much text (${text.length} characters; at most ${MAX_EVAL_CASES_CHARS}).` };
  if (text.trim() === '') return { ok: false, message: 'Nothing to read: paste cases as JSON or JSON Lines.' };
  const read = entriesOf(text);
  if (!read.ok) return read;
  const depth = checkJsonDepth(read.entries);
  if (!depth.ok) return { ok: false, message: `Not read: ${depth.message}.` };
  const notes: string[] = [];

  // BFCL: questions and possible answers may be separate entries with the same id.
  const answers = new Map<string, unknown>();
  for (const entry of read.entries)
    if (isRecord(entry) && 'ground_truth' in entry && !('question' in entry) && typeof entry.id === 'string')
      answers.set(entry.id, entry.ground_truth);
  const entries = read.entries.filter(
    (entry) => !(isRecord(entry) && 'ground_truth' in entry && !('question' in entry)),
  );
  let bfcl = 0;
  let raw: unknown[];
  try {
    raw = entries.map((entry, index) => {
      if (!isRecord(entry) || !('question' in entry)) return entry;
      bfcl++;
      const truth = entry.ground_truth ?? (typeof entry.id === 'string' ? answers.get(entry.id) : undefined);
      return fromBfcl({ ...entry, ground_truth: truth }, index);
    });
  } catch (error) {
    if (error instanceof BfclEntryError) return { ok: false, message: error.message };
    throw error;
  }
  if (bfcl > 0) notes.push(`${bfcl} BFCL ${bfcl === 1 ? 'question' : 'questions'} read with their ground truth.`);
  if (raw.length > MAX_EVAL_CASES) return { ok: false, message: `${raw.length} cases; at most ${MAX_EVAL_CASES}.` };

  const cases: EvalCase[] = [];
  for (const [index, entry] of raw.entries()) {
    const parsed = evalCaseSchema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue.path.length > 0 ? `"${issue.path.join('.')}"` : 'it';
      const id = isRecord(entry) && typeof entry.id === 'string' ? ` (${entry.id})` : '';
      return { ok: false, message: `Case ${index + 1}${id}: ${where} ${issue.message}.` };
    }
    cases.push(parsed.data);
  }
  const ids = new Set<string>();
  for (const each of cases) {
    if (ids.has(each.id)) return { ok: false, message: `Two cases have the id "${each.id}"; ids must differ.` };
    ids.add(each.id);
  }
  return { ok: true, cases, notes };
}

/** The case file: `{ kind, version: 1, cases }`, pretty enough to read and diff. */
export function serializeEvalCases(cases: readonly EvalCase[]): string {
  return `${JSON.stringify({ kind: EVAL_CASES_KIND, version: 1, cases }, null, 2)}\n`;
}

/** The cases as JSON Lines, one case a line. */
export function serializeEvalCasesJsonl(cases: readonly EvalCase[]): string {
  return cases.map((each) => JSON.stringify(each)).join('\n') + (cases.length > 0 ? '\n' : '');
}
