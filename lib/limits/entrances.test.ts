import { describe, expect, it } from 'vitest';
import { importOtlp } from '../interop/import-otlp';
import { parseSessionFile } from '../session/session-file';
import { SESSION_FILE_KIND } from '../session/session-format';
import { createSessionStore } from '../session/session-store';
import { pickSessionData } from '../session/session-file';
import { checkToolSource } from '../tools/check-tool-source';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { importToolList } from '../tools/formats/import-tool-list';
import { checkJsonDepth, checkJsonTextDepth } from './check-json-depth';
import { clip } from './clip';

/** SECURITY.md: every entrance bounds depth and answers malformed input with a sentence. */
const nested = (levels: number, leaf = '1') => `${'{"a":'.repeat(levels)}${leaf}${'}'.repeat(levels)}`;

describe('depth limits', () => {
  it('measure 100,000 levels without overflowing the stack', () => {
    expect(checkJsonDepth(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toEqual({
      ok: false,
      message: 'it nests deeper than 64 levels',
    });
    expect(checkJsonDepth(JSON.parse(nested(63)))).toEqual({ ok: true });
    expect(checkJsonDepth(JSON.parse(nested(64)))).toEqual({ ok: true });
    expect(checkJsonDepth(JSON.parse(nested(65))).ok).toBe(false);
    expect(checkJsonTextDepth(nested(64))).toEqual({ ok: true });
    expect(checkJsonTextDepth(nested(65))).toMatchObject({ ok: false, offset: 320 });
    expect(checkJsonTextDepth(`{"s":"${'['.repeat(500)}\\"{{{{"}`)).toEqual({ ok: true });
  });

  it('clip what is echoed back', () => {
    expect(clip('abcdef', 10)).toBe('abcdef');
    expect(clip('x'.repeat(2500), 10)).toBe('xxxxxxxxxx… (2,490 more characters)');
  });
});

describe('entrances', () => {
  const session = pickSessionData(createSessionStore().getState());

  it('a session file nested 5,000 levels gets a sentence', async () => {
    const file = JSON.stringify({
      kind: SESSION_FILE_KIND,
      version: 1,
      session: { ...session, messages: 'DEEP' },
    }).replace('"DEEP"', `[${nested(5000)}]`);
    // Measured before the parser, with the place named.
    expect(await parseSessionFile(file)).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^The file cannot be read: it nests deeper than 256 levels at line 1, column \d+\.$/,
      ),
    });
    // Within the text bound, the session's own bound still holds.
    const moderately = file.replace(`[${nested(5000)}]`, `[${nested(100)}]`);
    expect(await parseSessionFile(moderately)).toEqual({
      ok: false,
      message: 'Not a valid session: it nests deeper than 64 levels.',
    });
  });

  it('a pasted tool list nested 10,000 levels gets a sentence', () => {
    const result = importToolList(`[{"name":"t","description":"","parameters":${nested(10_000, '{}')}}]`);
    expect(result).toEqual({
      ok: false,
      message: 'The tool list cannot be read: it nests deeper than 256 levels at line 1, column 1314.',
    });
    expect(importToolList(`[{"name":"t","description":"","parameters":${nested(100, '{}')}}]`)).toEqual({
      ok: false,
      message: 'The tool list cannot be imported: it nests deeper than 64 levels.',
    });
  });

  it('a tool definition nested 10,000 levels is marked in the editor, not thrown', () => {
    const source = `{"name":"t","description":"","parameters":${nested(10_000, '{}')}}`;
    expect(checkToolSource(source, createSchemaChecker())).toEqual({
      kind: 'invalid',
      name: undefined,
      problems: [
        { message: 'The definition cannot be checked: it nests deeper than 64 levels.', offset: 357, length: 1 },
      ],
    });
  });

  it('malformed OTLP files get a sentence, never an exception', () => {
    const cases: [string, RegExp][] = [
      ['{"resourceSpans": 5}', /^The trace is not OTLP JSON this playground can read: /],
      ['{"resourceSpans": [{"scopeSpans": "x"}]}', /^The trace is not OTLP JSON this playground can read: /],
      [
        '{"resourceSpans": [{"scopeSpans": [{"spans": [null]}]}]}',
        /^The trace is not OTLP JSON this playground can read: /,
      ],
      [
        '{"resourceSpans": [{"scopeSpans": [{"spans": [{"startTimeUnixNano": "soon", "attributes": [{"key": "openinference.span.kind", "value": {"stringValue": "LLM"}}]}, {"startTimeUnixNano": "1"}]}]}]}',
        /^The trace is not OTLP JSON this playground can read: /,
      ],
      [
        '{"resourceSpans": [{"scopeSpans": [{"spans": [{"attributes": [null]}]}]}]}',
        /^The trace is not OTLP JSON this playground can read: /,
      ],
      ['null', /^No spans found/],
      [
        `{"resourceSpans": ${nested(5000)}}`,
        /^The trace cannot be read: it nests deeper than 256 levels at line 1, column \d+\.$/,
      ],
      [`{"resourceSpans": ${nested(100)}}`, /^The trace cannot be read: it nests deeper than 64 levels\.$/],
      ['{', /^The file is not JSON: /],
    ];
    for (const [text, message] of cases) {
      const result = importOtlp(text);
      expect(result.ok, text.slice(0, 80)).toBe(false);
      expect(!result.ok && result.message, text.slice(0, 80)).toMatch(message);
    }
  });
});

describe('work that grows faster than its input is bounded', () => {
  it('uniqueItems over a very long array of objects is refused with a sentence, not compared pairwise', () => {
    const checker = createSchemaChecker();
    const schema = { type: 'object', properties: { rows: { type: 'array', uniqueItems: true } } };
    const value = { rows: Array.from({ length: 100_000 }, (_, index) => ({ index })) };
    // Pairwise, 100,000 objects take Ajv minutes; the bound answers at once.
    expect(checker.checkValue(schema, value)).toEqual([
      {
        path: 'rows',
        pointer: '/rows',
        message: 'has 100000 items; the schema asks for unique items, which are checked for at most 2000',
      },
    ]);
    expect(checker.normalizeValue(schema, value).problems).toHaveLength(1);
    // Within the bound, Ajv decides as it always does.
    expect(checker.checkValue(schema, { rows: [{ a: 1 }, { a: 1 }] })[0]?.message).toMatch(/duplicate/);
    expect(checker.checkValue(schema, { rows: Array.from({ length: 2_000 }, (_, index) => ({ index })) })).toEqual([]);
    // Without uniqueItems a long array is checked as usual.
    expect(checker.checkValue({ type: 'object' }, value)).toEqual([]);
  });
});
