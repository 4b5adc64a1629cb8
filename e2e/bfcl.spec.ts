import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

/** BFCL's own simple_java_97 (bfcl_eval/data, Apache-2.0): a question, its function doc, its answer. */
const JAVA_DOC = {
  name: 'FlatNodeGenFactory.generateIntrospectionInfo',
  description:
    'Generates introspection information for a given class representing a node in the Truffle DSL processor.',
  parameters: {
    type: 'dict',
    properties: {
      clazz: {
        type: 'any',
        description: 'The class element representing the node for which introspection information is to be generated.',
      },
      inlined: { type: 'boolean', description: 'Indicates whether the introspection is inlined.' },
    },
    required: ['clazz', 'inlined'],
  },
};
const ASK = 'Help me generate introspection information for a class `NodeClass`, not inlined?';
const LINES = [
  { id: 'simple_java_97', question: [[{ role: 'user', content: ASK }]], function: [JAVA_DOC] },
  {
    id: 'simple_java_97',
    ground_truth: [{ 'FlatNodeGenFactory.generateIntrospectionInfo': { clazz: ['NodeClass'], inlined: [false] } }],
  },
  // The same question after an exchange, so the scripted model answers it with its second step.
  {
    id: 'simple_java_500',
    question: [
      [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'Hello.' },
        { role: 'user', content: ASK },
      ],
    ],
    function: [JAVA_DOC],
    ground_truth: [{ 'FlatNodeGenFactory.generateIntrospectionInfo': { clazz: ['NodeClass'], inlined: [false] } }],
  },
  { id: 'live_relevance_0-0-0', question: [[{ role: 'user', content: ASK }]], function: [JAVA_DOC] },
  {
    id: 'multi_turn_base_0',
    question: [[{ role: 'user', content: 'Move final_report.pdf to temp.' }]],
    involved_classes: ['GorillaFileSystem'],
  },
];
/** Step 1 answers as BFCL asks (every value a Java string); step 2 types the boolean as JSON, which BFCL refuses. */
const SCRIPT = [
  {
    toolCalls: [
      { toolName: 'FlatNodeGenFactory_generateIntrospectionInfo', input: { clazz: 'NodeClass', inlined: 'false' } },
    ],
  },
  {
    toolCalls: [
      { toolName: 'FlatNodeGenFactory_generateIntrospectionInfo', input: { clazz: 'NodeClass', inlined: false } },
    ],
  },
];

test('BFCL lines: Java and relevance cases graded as BFCL grades them, multi-turn left out with the reason, the tools as BFCL sends them', async ({
  page,
}, testInfo) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.useScript(SCRIPT);

  // The tools, from the question line itself: a string for every Java parameter, as BFCL sends it.
  await playground.tools.getByRole('button', { name: 'Import tools' }).click();
  await playground.tools.getByRole('textbox', { name: 'Tools to import' }).fill(JSON.stringify(LINES[0]));
  await playground.tools.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(playground.tools.getByRole('status').first()).toContainText(
    'As BFCL sends simple_java: every parameter is a string holding Java syntax',
  );
  await expect(playground.tools).toContainText('FlatNodeGenFactory_generateIntrospectionInfo');

  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  const file = testInfo.outputPath('bfcl.jsonl');
  await import('node:fs/promises').then((fs) =>
    fs.writeFile(file, LINES.map((line) => JSON.stringify(line)).join('\n')),
  );
  await evals.getByLabel('Eval cases file').setInputFiles(file);
  const note = evals.getByRole('status').first();
  await expect(note).toContainText('3 cases saved. Read 3 BFCL questions with their ground truth: 2 simple_java');
  await expect(note).toContainText('1 live_relevance (pass when any tool is called, as in BFCL)');
  await expect(note).toContainText(
    'Left out 1 BFCL question: 1 multi_turn_base — BFCL grades it by running its Python classes',
  );

  await evals.getByRole('combobox', { name: 'Eval run mode' }).selectOption('first-step');
  await evals.getByRole('button', { name: 'Run evals' }).click();
  await expect(evals.getByRole('status').filter({ hasText: /^3 \/ 3/ })).toHaveText(/^3 \/ 3 — done/);
  const table = evals.getByRole('table', { name: 'Eval results' });
  const cell = (caseId: string) => table.getByRole('button', { name: new RegExp(`^${caseId}, `) });
  await expect(cell('simple_java_97')).toHaveText('1/1');
  await expect(cell('live_relevance_0-0-0')).toHaveText('1/1');
  await expect(cell('simple_java_500')).toHaveText('0/1');
  await expect(cell('simple_java_500')).toHaveAccessibleName(/BFCL asks for Java values as strings \(Java boolean\)/);
});
