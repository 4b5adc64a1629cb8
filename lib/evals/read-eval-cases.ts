import { checkJsonDepth } from '../limits/check-json-depth';
import { EVAL_CASES_KIND, type EvalCase, evalCaseSchema, MAX_EVAL_CASES } from '../shapes/eval-case';
import { BfclEntryError, readBfclEntry } from './bfcl/read-bfcl-case';
import { floatWrittenIntegers } from '../tools/float-written-integers';
import { firstIssue } from '../limits/first-issue';
import { findJsonNesting } from '../limits/text-nesting';

/** Longest case text read (a paste or a file), in characters. */
export const MAX_EVAL_CASES_CHARS = 5_000_000;

export type ReadEvalCases = { ok: true; cases: EvalCase[]; notes: string[] } | { ok: false; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** What a BFCL import read, by category, and what it refused and why ("" when there was no BFCL question). */
function bfclImportNote(
  read: Record<string, number>,
  refused: ReadonlyMap<string, { count: number; why: string }>,
): string | undefined {
  const total = Object.values(read).reduce((sum, count) => sum + count, 0);
  const refusedTotal = [...refused.values()].reduce((sum, each) => sum + each.count, 0);
  if (total === 0 && refusedTotal === 0) return undefined;
  const what: Record<string, string> = {
    irrelevance: 'pass when no tool is called',
    live_irrelevance: 'pass when no tool is called',
    live_relevance: 'pass when any tool is called, as in BFCL',
    simple_java:
      "graded with BFCL's Java rules: each value Java syntax in a string, as the tools imported from the same lines ask",
    java: "graded with BFCL's Java rules: each value Java syntax in a string, as the tools imported from the same lines ask",
    simple_javascript:
      "graded with BFCL's JavaScript rules: each value JavaScript syntax in a string, as the tools imported from the same lines ask",
    javascript:
      "graded with BFCL's JavaScript rules: each value JavaScript syntax in a string, as the tools imported from the same lines ask",
  };
  const parts = Object.entries(read).map(
    ([category, count]) => `${count} ${category}${what[category] ? ` (${what[category]})` : ''}`,
  );
  const sentences = [];
  if (total > 0)
    sentences.push(
      `Read ${plural(total, 'BFCL question')} with ${total === 1 ? 'its' : 'their'} ground truth: ${parts.join(', ')}.`,
    );
  if (refusedTotal > 0)
    sentences.push(
      `Left out ${plural(refusedTotal, 'BFCL question')}: ${[...refused]
        .map(([category, { count, why }]) => `${count} ${category} — ${why}`)
        .join('; ')}.`,
    );
  return sentences.join(' ');
}

/** The entries of a paste: a case file, an array, or JSON Lines (BFCL's questions and answers may come in one paste). */
/**
 * An entry's whole numbers written with a point or an exponent (`133.0`), as paths inside it:
 * JSON.parse makes them integers, BFCL's answers keep them floats. Read only for BFCL entries,
 * after the depth check.
 */
type FloatsOf = (index: number) => string[][];

function groupFloats(paths: string[][], strip: number): FloatsOf {
  const byEntry = new Map<number, string[][]>();
  for (const path of paths) {
    const index = Number(path[strip - 1]);
    byEntry.set(index, [...(byEntry.get(index) ?? []), path.slice(strip)]);
  }
  return (index) => byEntry.get(index) ?? [];
}

function entriesOf(
  text: string,
): { ok: true; entries: unknown[]; floatsOf: FloatsOf } | { ok: false; message: string } {
  const trimmed = text.trim();
  const deep = findJsonNesting(trimmed);
  if (deep) return { ok: false, message: `The cases cannot be read: ${deep.message}.` };
  if (trimmed.startsWith('[') || (trimmed.startsWith('{') && !trimmed.includes('\n{'))) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (Array.isArray(value))
        return { ok: true, entries: value, floatsOf: groupFloats(floatWrittenIntegers(trimmed), 1) };
      if (isRecord(value) && value.kind === EVAL_CASES_KIND) {
        if (value.version !== 1)
          return {
            ok: false,
            message: `This case file has version ${String(value.version)}; this playground reads version 1.`,
          };
        const inCases = floatWrittenIntegers(trimmed).filter((path) => path[0] === 'cases');
        return { ok: true, entries: Array.isArray(value.cases) ? value.cases : [], floatsOf: groupFloats(inCases, 2) };
      }
      return { ok: true, entries: [value], floatsOf: () => floatWrittenIntegers(trimmed) };
    } catch (error) {
      if (trimmed.startsWith('['))
        return { ok: false, message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}.` };
    }
  }
  const entries: unknown[] = [];
  const texts: string[] = [];
  const lines = trimmed.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    try {
      entries.push(JSON.parse(line));
      texts.push(line);
    } catch (error) {
      return {
        ok: false,
        message: `Line ${index + 1} is not JSON: ${error instanceof Error ? error.message : String(error)}.`,
      };
    }
  }
  return { ok: true, entries, floatsOf: (index) => floatWrittenIntegers(texts[index]) };
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
  const answers = new Map<string, { truth: unknown; floats: string[][] }>();
  read.entries.forEach((entry, index) => {
    if (isRecord(entry) && 'ground_truth' in entry && !('question' in entry) && typeof entry.id === 'string')
      answers.set(entry.id, { truth: entry.ground_truth, floats: read.floatsOf(index) });
  });
  const readByCategory: Record<string, number> = {};
  const refused = new Map<string, { count: number; why: string }>();
  const raw: unknown[] = [];
  try {
    for (const [index, entry] of read.entries.entries()) {
      if (isRecord(entry) && 'ground_truth' in entry && !('question' in entry)) continue;
      if (!isRecord(entry) || !('question' in entry)) {
        raw.push(entry);
        continue;
      }
      const answer =
        entry.ground_truth === undefined && typeof entry.id === 'string' ? answers.get(entry.id) : undefined;
      const bfcl = readBfclEntry(
        { ...entry, ground_truth: answer ? answer.truth : entry.ground_truth },
        index,
        answer ? answer.floats : read.floatsOf(index),
      );
      if (bfcl.kind === 'refused') {
        const known = refused.get(bfcl.category);
        refused.set(bfcl.category, { count: (known?.count ?? 0) + 1, why: bfcl.why });
        continue;
      }
      readByCategory[bfcl.category] = (readByCategory[bfcl.category] ?? 0) + 1;
      raw.push(bfcl.value);
    }
  } catch (error) {
    if (error instanceof BfclEntryError) return { ok: false, message: error.message };
    throw error;
  }
  const note = bfclImportNote(readByCategory, refused);
  if (note) notes.push(note);
  if (raw.length === 0 && refused.size > 0) return { ok: false, message: note ?? 'Nothing to read.' };
  if (raw.length > MAX_EVAL_CASES) return { ok: false, message: `${raw.length} cases; at most ${MAX_EVAL_CASES}.` };

  const cases: EvalCase[] = [];
  for (const [index, entry] of raw.entries()) {
    const parsed = evalCaseSchema.safeParse(entry);
    if (!parsed.success) {
      const { where, why } = firstIssue(parsed.error, '');
      const id = isRecord(entry) && typeof entry.id === 'string' ? ` (${entry.id})` : '';
      return { ok: false, message: `Case ${index + 1}${id}: ${where ? `"${where}"` : 'it'} ${why}.` };
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
