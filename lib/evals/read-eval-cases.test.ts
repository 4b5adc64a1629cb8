import { describe, expect, it } from 'vitest';
import { readEvalCases, serializeEvalCases, serializeEvalCasesJsonl } from './read-eval-cases';

const weather = {
  id: 'w',
  prompt: 'Weather in Paris?',
  expect: { calls: [{ tool: 'get_weather', args: { city: 'Paris' } }] },
};
const chat = { id: 'h', prompt: 'Hi!', expect: { noTool: true } };

describe('reading eval cases', () => {
  it('reads the case file, an array, JSON Lines and a single case; writes both back', () => {
    const file = readEvalCases(
      JSON.stringify({ kind: 'tool-playground-eval-cases', version: 1, cases: [weather, chat] }),
    );
    expect(file).toMatchObject({ ok: true, notes: [] });
    if (!file.ok) return;
    expect(file.cases[0]).toEqual({
      ...weather,
      expect: { calls: [{ tool: 'get_weather', args: { city: 'Paris' } }], order: 'any', parallel: 'allowed' },
    });
    expect(readEvalCases(JSON.stringify([weather, chat]))).toEqual(file);
    expect(readEvalCases(`${JSON.stringify(weather)}\n\n${JSON.stringify(chat)}\n`)).toEqual(file);
    expect(readEvalCases(JSON.stringify(weather, null, 2))).toMatchObject({ ok: true, cases: [{ id: 'w' }] });
    expect(readEvalCases(serializeEvalCases(file.cases))).toEqual(file);
    expect(readEvalCases(serializeEvalCasesJsonl(file.cases))).toEqual(file);
  });

  it("says which BFCL message is not text, rather than reading '[object Object]' as its prompt", () => {
    const entry = (content: unknown) =>
      JSON.stringify({ id: 'odd_1', question: [[{ role: 'user', content }]], ground_truth: [] });
    expect(readEvalCases(entry({ text: 'hi' }))).toEqual({
      ok: false,
      message: `BFCL entry 1 (odd_1): message 1's "content" must be text or a list of text parts, not object.`,
    });
    expect(readEvalCases(entry([{ type: 'image' }]))).toMatchObject({ ok: false });
    expect(readEvalCases(entry([{ type: 'text', text: 'hel' }, 'lo']))).toMatchObject({
      ok: true,
      cases: [{ prompt: 'hello' }],
    });
  });

  it("reads BFCL's question with its ground truth, joined by id ('' means the argument may be left out unless required)", () => {
    const question = {
      id: 'simple_0',
      question: [
        [{ role: 'user', content: 'Find the area of a triangle with a base of 10 units and height of 5 units.' }],
      ],
      function: [
        {
          name: 'calculate_triangle_area',
          parameters: {
            type: 'dict',
            properties: { base: { type: 'integer' }, height: { type: 'integer' }, unit: { type: 'string' } },
            required: ['base', 'height'],
          },
        },
      ],
    };
    const answer = {
      id: 'simple_0',
      ground_truth: [{ calculate_triangle_area: { base: [10], height: [5], unit: ['units', ''] } }],
    };
    const read = readEvalCases(`${JSON.stringify(question)}\n${JSON.stringify(answer)}`);
    expect(read).toEqual({
      ok: true,
      notes: ['Read 1 BFCL question with its ground truth: 1 simple.'],
      cases: [
        {
          id: 'simple_0',
          prompt: 'Find the area of a triangle with a base of 10 units and height of 5 units.',
          expect: {
            calls: [
              {
                tool: 'calculate_triangle_area',
                // BFCL's own check of each argument, with the doc's type; no argument besides these.
                args: {
                  base: { bfcl: [10], type: 'integer' },
                  height: { bfcl: [5], type: 'integer' },
                  unit: { bfcl: ['units', ''], type: 'string', optional: true },
                },
                exactArgs: true,
              },
            ],
            order: 'any',
            parallel: 'allowed',
          },
        },
      ],
    });
  });

  it('reads each BFCL category as BFCL grades it, and leaves out, with the reason, the ones it cannot grade', () => {
    const question = (id: string, extra: Record<string, unknown> = {}) => ({
      id,
      question: [[{ role: 'user', content: `Question ${id}` }]],
      function: [{ name: 'get_weather', parameters: { type: 'dict', properties: { city: { type: 'string' } } } }],
      ...extra,
    });
    const lines = [
      question('live_relevance_0-0-0'),
      question('live_relevance_1-1-0'),
      question('irrelevance_0'),
      question('live_irrelevance_0-0-0'),
      question('simple_python_0', { ground_truth: [{ get_weather: { city: ['Paris'] } }] }),
      question('multi_turn_base_0', { involved_classes: ['GorillaFileSystem'] }),
      question('multi_turn_miss_func_3'),
      question('memory_0-customer-0'),
      question('web_search_0'),
      question('live_simple_4-4-0'),
      question('mine-1', { ground_truth: [] }),
      question('mine-2'),
    ];
    const read = readEvalCases(lines.map((line) => JSON.stringify(line)).join('\n'));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const expects = Object.fromEntries(read.cases.map((each) => [each.id, each.expect]));
    expect(expects['live_relevance_0-0-0']).toMatchObject({ anyCall: true, calls: [] });
    expect(expects.irrelevance_0).toMatchObject({ noTool: true });
    expect(expects['live_irrelevance_0-0-0']).toMatchObject({ noTool: true });
    expect(expects.simple_python_0.calls).toHaveLength(1);
    expect(expects['mine-1']).toMatchObject({ noTool: true });
    expect(Object.keys(expects)).toHaveLength(6);
    expect(read.notes).toHaveLength(1);
    const [note] = read.notes;
    expect(note).toContain(
      'Read 6 BFCL questions with their ground truth: 2 live_relevance (pass when any tool is called, as in BFCL), 1 irrelevance (pass when no tool is called), 1 live_irrelevance (pass when no tool is called), 1 simple_python, 1 of its own.',
    );
    expect(note).toContain(
      'Left out 6 BFCL questions: 1 multi_turn_base — BFCL grades it by running its Python classes',
    );
    expect(note).toContain('1 multi_turn_miss_func — ');
    expect(note).toContain('1 memory — BFCL grades it against a memory store');
    expect(note).toContain('1 web_search — its questions need BFCL’s live web-search tools');
    expect(note).toContain('1 live_simple — it has no possible answer (paste its line from possible_answer/ with it)');
    expect(note).toContain('1 of its own — it has no ground truth');
    // Nothing gradable at all: refused with the same sentence, nothing imported.
    const none = readEvalCases(JSON.stringify(question('multi_turn_base_0')));
    expect(none).toEqual({
      ok: false,
      message: expect.stringMatching(/^Left out 1 BFCL question: 1 multi_turn_base — BFCL grades it by running/),
    });
  });

  it('says what is wrong: bad JSON (with its line), a bad case (with its field), duplicate ids, a newer file, too deep', () => {
    expect(readEvalCases('')).toEqual({ ok: false, message: 'Nothing to read: paste cases as JSON or JSON Lines.' });
    expect(readEvalCases(`${JSON.stringify(weather)}\n{ nope`)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Line 2 is not JSON/),
    });
    expect(readEvalCases(JSON.stringify([{ ...weather, prompt: '' }]))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Case 1 \(w\): "prompt" /),
    });
    expect(
      readEvalCases(
        JSON.stringify([{ ...weather, expect: { calls: [{ tool: 'x', args: { a: { regex: 'x', nope: 1 } } }] } }]),
      ),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/^Case 1 \(w\): "expect\.calls\.0\.args\.a"/) });
    expect(readEvalCases(JSON.stringify([weather, weather]))).toEqual({
      ok: false,
      message: 'Two cases have the id "w"; ids must differ.',
    });
    expect(readEvalCases(JSON.stringify({ kind: 'tool-playground-eval-cases', version: 2, cases: [] }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('version 2'),
    });
    expect(readEvalCases(`${'['.repeat(100)}${']'.repeat(100)}`)).toMatchObject({
      ok: false,
      message: expect.stringContaining('deeper'),
    });
  });
});
