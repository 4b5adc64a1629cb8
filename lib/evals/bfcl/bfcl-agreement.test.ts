import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importToolList } from '../../tools/formats/import-tool-list';
import { floatWrittenIntegers } from '../../tools/float-written-integers';
import { createSchemaChecker } from '../../tools/create-schema-checker';
import { gradeRun, type ObservedCall } from '../grade-run';
import { readEvalCases } from '../read-eval-cases';
import { BFCL_CATEGORIES } from '../../shapes/bfcl-category';

/**
 * Grading BFCL cases as BFCL does (docs/evals.md, "BFCL"). The fixture (testing/bfcl/make-agreement-fixture.py)
 * holds 252 real BFCL cases of 13 categories and 2,132 scripted model outputs for them, each with the verdict of
 * BFCL's own `ast_checker`; the app grades the same outputs the way an eval run does — the case
 * read from its BFCL lines, the tools imported from its function docs, each call as the model
 * sent it (a provider-safe name, the arguments' JSON text).
 */
type Fixture = {
  cases: ({ id: string; category: string; function: unknown[] } & Record<string, unknown>)[];
  outputs: { id: string; output: string; calls: { name: string; arguments: string }[]; bfcl: boolean }[];
};
const fixtureText = readFileSync(join(import.meta.dirname, 'fixtures', 'bfcl-agreement.json'), 'utf8');
const fixture: Fixture = JSON.parse(fixtureText);
/** Each case's own line of the fixture, as BFCL wrote it (`133.0` stays a float there; JSON.parse makes it 133). */
const caseLines = new Map(
  fixtureText
    .slice(fixtureText.indexOf('\n') + 1, fixtureText.indexOf('\n],\n"outputs"'))
    .split('\n')
    .map((line) => line.replace(/,$/, ''))
    .map((line) => [(JSON.parse(line) as { id: string }).id, line]),
);

/** Outputs BFCL and the playground grade differently, with why (docs/evals.md): none. */
const DOCUMENTED_DISAGREEMENTS: string[] = [];

describe('BFCL cases are graded as BFCL grades them', () => {
  it('agrees with BFCL on every output but the documented ones, and on at least 99.5 % in every category', () => {
    const checker = createSchemaChecker();
    const disagreements: string[] = [];
    const byCategory = new Map<string, { agree: number; total: number }>();
    for (const entry of fixture.cases) {
      const read = readEvalCases(caseLines.get(entry.id) ?? '');
      if (!read.ok) throw new Error(`${entry.id}: ${read.message}`);
      const imported = importToolList(entry.function.map((each) => JSON.stringify(each)).join('\n'));
      if (!imported.ok) throw new Error(`${entry.id}: ${imported.message}`);
      const tools = imported.tools.map(({ definition }) => ({
        name: definition.name,
        description: definition.description,
        inputSchema: definition.parameters,
      }));
      for (const output of fixture.outputs.filter((each) => each.id === entry.id)) {
        const calls: ObservedCall[] = output.calls.map((call) => ({
          toolName: call.name,
          input: JSON.parse(call.arguments),
          step: 1,
          floatIntegers: floatWrittenIntegers(call.arguments),
        }));
        const grade = gradeRun(read.cases[0], { calls, answer: '' }, { tools, checker });
        const tally = byCategory.get(entry.category) ?? { agree: 0, total: 0 };
        tally.total++;
        if (grade.pass === output.bfcl) tally.agree++;
        else
          disagreements.push(
            `${entry.id} — ${output.output}: BFCL ${output.bfcl ? 'accepts' : 'refuses'}, the app ${grade.pass ? 'accepts' : `refuses (${grade.failures.map((f) => f.message).join(' ')})`}`,
          );
        byCategory.set(entry.category, tally);
      }
    }
    const total = fixture.outputs.length;
    const agreement = (total - disagreements.length) / total;
    console.log(
      `BFCL agreement: ${(agreement * 100).toFixed(2)} % of ${total} outputs`,
      Object.fromEntries([...byCategory].map(([category, { agree, total: n }]) => [category, `${agree}/${n}`])),
      disagreements.slice(0, 40).join('\n'),
    );
    expect(agreement).toBeGreaterThanOrEqual(0.995);
    // The documented disagreements, exactly: there are none left (docs/evals.md). A new one fails here
    // even while the rates above still hold.
    expect(disagreements).toEqual(DOCUMENTED_DISAGREEMENTS);
    // Every category the import grades, each on its own, so a category that is small overall cannot hide behind the others: Java and JavaScript in both
    // forms (BFCL's strings, and the same values typed as JSON), relevance and irrelevance too.
    const graded = BFCL_CATEGORIES.filter((category) => category.handling.kind !== 'refused').map((c) => c.name);
    const v4 = graded.filter((name) => !['simple', 'java', 'javascript'].includes(name));
    expect([...byCategory.keys()].sort()).toEqual([...v4].sort());
    for (const [category, { agree, total: n }] of byCategory)
      expect(agree / n, `${category}: ${agree} of ${n}`).toBeGreaterThanOrEqual(0.995);
  });
});
