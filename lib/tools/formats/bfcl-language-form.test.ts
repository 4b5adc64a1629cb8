import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bfclLanguageForm } from './bfcl-language-form';
import { importToolList } from './import-tool-list';

/** BFCL question lines and the docs BFCL itself sends for them (testing/bfcl/make-language-form-fixture.py). */
const fixture: { line: Record<string, unknown> & { id: string }; sent: unknown[] }[] = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures', 'bfcl-language-form.json'), 'utf8'),
);

describe("a BFCL question line's tools, as BFCL sends them", () => {
  it.each(fixture.map((row) => [row.line.id, row] as const))('%s', (_id, { line, sent }) => {
    expect(bfclLanguageForm(line).docs).toEqual(sent);
  });

  it('imports a Java question line as string parameters and says so', () => {
    const java = fixture.find((row) => row.line.id.startsWith('simple_java_'))!;
    const imported = importToolList(JSON.stringify(java.line));
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    const [tool] = imported.tools;
    expect(
      Object.values(tool.definition.parameters.properties as Record<string, { type: string }>).map((p) => p.type),
    ).toEqual(
      Object.values((java.sent[0] as { parameters: { properties: object } }).parameters.properties).map(() => 'string'),
    );
    expect(tool.notes[0]).toBe(
      'As BFCL sends simple_java: every parameter is a string holding Java syntax, its Java type said in its description.',
    );
  });
});
