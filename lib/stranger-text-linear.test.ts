import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { readEvalCases } from './evals/read-eval-cases';
import { readEvalSuite } from './evals/read-eval-suite';
import { looksLikePromptfoo, readPromptfooSuite } from './evals/promptfoo/read-promptfoo';
import { importOtlp } from './interop/import-otlp';
import { parseSessionFile } from './session/session-file';
import { readLinkPayloadText, readShareFragment } from './share/share-link';
import { findDeepNesting } from './tools/from-code/find-deep-nesting';
import { readTypeScriptTools } from './tools/from-code/typescript-tools';
import { importToolList } from './tools/formats/import-tool-list';

/*
 * Every reader of a stranger's text (a cases file, a promptfoo config, BFCL, an OTLP trace, a
 * session file, a link, a pasted tool list, pasted code) on the shapes that make a backtracking
 * regular expression or a recursive parser slow: runs of newlines, spaces, brackets, quotes. Its
 * time must grow linearly: the time at 4n over the time at n stays under 10 (linear is 4, quadratic
 * 16; 10 leaves room for a loaded machine). The smaller of three timings at each size is taken,
 * so another process's load does not decide. The largest size is 5 M characters, the bound of the
 * largest entrance (500 k for the full YAML and TypeScript parses, which take microseconds a character).
 */

const ts = createRequire(import.meta.url)('typescript');

/** A reader; `parser` marks a full YAML or TypeScript parse (linear but µs a character: measured at a quarter the size). */
type Reader = { name: string; read: (text: string) => unknown; parser?: true };
const READERS: Reader[] = [
  { name: 'looksLikePromptfoo', read: looksLikePromptfoo },
  { name: 'readPromptfooSuite', read: readPromptfooSuite, parser: true },
  { name: 'readEvalCases', read: readEvalCases },
  { name: 'readEvalSuite', read: readEvalSuite, parser: true },
  { name: 'importOtlp', read: importOtlp },
  { name: 'parseSessionFile', read: parseSessionFile },
  { name: 'readLinkPayloadText', read: (text) => readLinkPayloadText(text, (why) => ({ ok: false, message: why })) },
  { name: 'readShareFragment', read: (text) => readShareFragment(`s=${text}`) },
  { name: 'importToolList', read: importToolList },
  { name: 'findDeepNesting (python)', read: (text) => findDeepNesting(text, 'python') },
  { name: 'findDeepNesting (typescript)', read: (text) => findDeepNesting(text, 'typescript') },
  { name: 'readTypeScriptTools', read: (text) => readTypeScriptTools(ts, text), parser: true },
];

/** A shape: text of about `size` characters. */
type Shape = { name: string; make: (size: number) => string };
const repeat = (unit: string, size: number) => unit.repeat(Math.max(1, Math.floor(size / unit.length)));
const SHAPES: Shape[] = [
  { name: 'newlines', make: (size) => `${repeat('\n', size)}x` },
  { name: 'newlines after a key', make: (size) => `prompts:${repeat('\n', size)}x` },
  { name: 'template openings', make: (size) => `{"prompts":["${repeat('{{ ', size)}"],"tests":[]}` },
  { name: 'blank lines with spaces', make: (size) => `tests:${repeat(' \n', size)}:` },
  { name: 'spaces', make: (size) => `{"a":${repeat(' ', size)}` },
  { name: 'open brackets', make: (size) => repeat('[', size) },
  { name: 'open braces', make: (size) => repeat('{"a":', size) },
  { name: 'quotes', make: (size) => repeat('"', size) },
  { name: 'a long string', make: (size) => `{"kind":"${repeat('a\\"', size)}` },
  { name: 'colons and dashes', make: (size) => repeat('- a:', size) },
];

async function fastest(read: Reader['read'], text: string): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  // Three rounds where a round is short; one where it is long (its noise is small beside it).
  for (let round = 0; round < 3 && (round === 0 || best < 300); round++) {
    const start = performance.now();
    try {
      await read(text);
    } catch {
      // A reader that throws on nonsense is measured all the same: the time is what matters here.
    }
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

const LARGE = 5_000_000;

describe('every reader of a stranger’s text runs in linear time', () => {
  for (const shape of SHAPES) {
    it(`on ${shape.name}`, { timeout: 300_000 }, async () => {
      const slow: string[] = [];
      for (const reader of READERS) {
        const large = reader.parser ? LARGE / 10 : LARGE;
        // A quadratic reader is slow every time; a busy machine (a pause, another process) only now
        // and then: a ratio past the bound is measured again, twice, before it counts.
        let said: string | undefined;
        for (let attempt = 0; attempt < 3; attempt++) {
          const atSmall = await fastest(reader.read, shape.make(large / 4));
          const atLarge = await fastest(reader.read, shape.make(large));
          // A few milliseconds at both sizes is noise: nothing to measure.
          const ratio = atLarge / Math.max(atSmall, 1);
          said =
            atLarge > 50 && ratio > 10
              ? `${reader.name}: ${atSmall.toFixed(0)} ms at ${large / 4}, ${atLarge.toFixed(0)} ms at ${large}`
              : undefined;
          if (!said) break;
        }
        if (said) slow.push(said);
      }
      expect(slow).toEqual([]);
    });
  }
});
