import { describe, expect, it } from 'vitest';
import type { ImportedSuite } from '../../session/eval-actions';
import { exportedPromptfoo, importPromptfoo } from './promptfoo-report';
import { readPromptfooSuite } from './read-promptfoo';

const config = (tests: string, tools = '') => `
description: weather
prompts: ['{{question}}']
providers:
  - id: openai:gpt-4o-mini
${tools}
tests:
${tests}
`;

describe('the promptfoo import and export reports (the sentence the Evals pane shows)', () => {
  it('says what came in: cases, the tools as a variant, configurations, and what was not run', () => {
    const imported: ImportedSuite[] = [];
    const read = readPromptfooSuite(
      config(
        `  - vars: { question: Weather in Paris? }
    assert:
      - type: is-valid-openai-tools-call
      - type: llm-rubric
        value: polite`,
        `    config:
      tools:
        - type: function
          function: { name: get_weather, parameters: { type: object, properties: { city: { type: string } } } }`,
      ),
    );
    const report = importPromptfoo(read, ['get_weather'], (suite) => {
      imported.push(suite);
      return { variants: suite.variant ? 1 : 0, configs: suite.configs?.length ?? 0 };
    });
    expect(report.ok).toBe(true);
    expect(report.text).toMatch(
      /^Imported 1 case from the promptfoo config, its tools as a variant, 1 configuration; Run evals runs the first step, as promptfoo does\. 1 assertion not run \(listed\)\.$/,
    );
    expect(report.left).toEqual(expect.arrayContaining([expect.stringMatching(/^Not run: llm-rubric in case /)]));
    expect(imported).toHaveLength(1);
  });

  it('names the tools its cases need that the session lacks, and imports nothing from a config it cannot read', () => {
    const read = readPromptfooSuite(
      config(`  - vars: { question: Weather? }
    assert:
      - type: tool-call-f1
        value: [get_weather]`),
    );
    const report = importPromptfoo(read, ['read_file'], () => ({ variants: 0, configs: 1 }));
    expect(report.left[0]).toMatch(/get_weather/);

    let asked = 0;
    const broken = importPromptfoo(readPromptfooSuite('tests: [[['), [], () => {
      asked++;
      return { variants: 0, configs: 0 };
    });
    expect(broken.ok).toBe(false);
    expect(broken.text.length).toBeGreaterThan(10);
    const empty = importPromptfoo(readPromptfooSuite(config('  []')), [], () => {
      asked++;
      return { variants: 0, configs: 0 };
    });
    expect(empty).toMatchObject({ ok: false, text: 'The promptfoo config has no test the playground can run.' });
    expect(asked).toBe(0);
  });

  it('the export says how to check the file', () => {
    expect(exportedPromptfoo(2, ['x'])).toEqual({
      ok: true,
      text: 'Exported 2 cases as promptfooconfig.yaml (check it: npx promptfoo validate -c promptfooconfig.yaml).',
      left: ['x'],
    });
  });
});
