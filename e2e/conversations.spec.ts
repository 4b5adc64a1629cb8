import { writeFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { tinyGgufPath } from '../testing/tiny-gguf-path';
import { PlaygroundPage } from './pages/playground-page';

/*
 * A conversation case (README "Conversations"): the scripted user answers after the prompt, the
 * grid grades the whole conversation, its run opens on the timeline with the simulated user's
 * turns as its own (graph nodes, a Sequence lane), and the conversation travels in a short link.
 */

const CASES = {
  kind: 'tool-playground-eval-cases',
  version: 1,
  cases: [
    {
      id: 'which-file',
      prompt: 'Show me a file.',
      user: { script: ['The README, please.'] },
      expect: {
        calls: [{ tool: 'read_file', args: { path: 'README.md' } }],
        user: { told: ['# Greeter'] },
      },
    },
  ],
};
// The scripted model's step n follows its n earlier messages: it asks, then reads, then tells.
const SCRIPT = [
  { text: 'Which file would you like to see?' },
  { toolCalls: [{ toolName: 'read_file', input: { path: 'README.md' } }] },
  { text: 'README.md starts with "# Greeter".' },
];

/** Reads `cases` into the Evals pane from a file, runs the grid and opens the first run of `caseId` on the timeline. */
async function runCaseAndOpen(
  playground: PlaygroundPage,
  cases: unknown,
  caseId: string,
  file: string,
  done: string | RegExp,
): Promise<void> {
  const { page } = playground;
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  await writeFile(file, JSON.stringify(cases));
  await evals.getByLabel('Eval cases file').setInputFiles(file);
  await expect(evals.getByRole('status').first()).toHaveText('1 case saved.');
  await evals.getByRole('button', { name: 'Run evals' }).click();
  await expect(evals.getByRole('status').filter({ hasText: /^1 \/ 1/ })).toHaveText(done, { timeout: 120_000 });
  await evals
    .getByRole('table', { name: 'Eval results' })
    .getByRole('button', { name: new RegExp(`^${caseId}, `) })
    .click();
  await evals.getByRole('button', { name: 'Open run 1 on the timeline' }).click();
  await expect(page.getByRole('region', { name: 'Evals' })).toHaveCount(0);
}

/** `Sample this step` on the selected user turn, `count` times; the region once every sample is in. */
async function sampleUserTurn(playground: PlaygroundPage, count: number) {
  const inspector = playground.inspector;
  await inspector.getByRole('spinbutton', { name: 'Samples' }).fill(String(count));
  await inspector.getByRole('button', { name: 'Sample this step' }).click();
  const region = inspector.getByRole('region', { name: 'User turn samples' });
  await expect(region.getByRole('status')).toHaveText(new RegExp(`^${count} samples: `), { timeout: 120_000 });
  return region;
}

async function createShortLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('button', { name: 'Create short link' }).click();
  const box = page.getByRole('textbox', { name: 'Short link' });
  await expect(box).toHaveValue(/\/s\/[A-Za-z0-9_-]{22}#k=[A-Za-z0-9_-]{43}$/);
  return box.inputValue();
}

test('a conversation case with a scripted user passes; its run shows the user’s turns as its own, and travels in a short link', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.useScript(SCRIPT);
  await runCaseAndOpen(playground, CASES, 'which-file', testInfo.outputPath('cases.json'), '1 / 1 — done: 1 passed');
  // The prompt is the case's; the second user turn is the simulated user's.
  await expect.poll(() => playground.nodeNames()).toContain('User message: Show me a file.');
  await expect.poll(() => playground.nodeNames()).toContain('User turn 2: The README, please.');
  await playground.timeline.getByRole('tab', { name: 'Sequence' }).click();
  const sequence = playground.timeline.getByRole('region', { name: 'Sequence diagram' });
  await expect(sequence.getByRole('list', { name: 'Lanes' }).getByRole('listitem')).toContainText(['Simulated user']);

  const link = await createShortLink(page);
  const viewer = await browser.newContext();
  try {
    const other = new PlaygroundPage(await viewer.newPage());
    await other.page.goto(link);
    await expect(other.page.getByRole('button', { name: 'Fork to edit' })).toBeVisible();
    await expect.poll(() => other.nodeNames(), { timeout: 30_000 }).toContain('User turn 2: The README, please.');
    await expect(other.conversation).toContainText('README.md starts with "# Greeter".');
  } finally {
    await viewer.close();
  }
});

test('a user turn edited and the run forked from it: the case’s user plays on; Sample this step on a user turn shows its answers', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.useScript([
    { text: 'Which file would you like to see?' },
    { toolCalls: [{ toolName: 'read_file', input: { path: 'README.md' } }] },
    { text: 'README.md starts with "# Greeter".' },
    { text: 'Glad to help.' },
  ]);
  const cases = {
    ...CASES,
    cases: [{ ...CASES.cases[0], user: { script: ['The README, please.', 'Thanks, that is all.'] } }],
  };
  await runCaseAndOpen(playground, cases, 'which-file', testInfo.outputPath('cases.json'), '1 / 1 — done: 1 passed');
  await expect.poll(() => playground.nodeNames()).toContain('User turn 3: Thanks, that is all.');

  // Edit the user's second turn and fork: the model answers it, and the scripted user goes on with its third.
  await playground.selectNode('User turn 2: The README, please.');
  const fork = playground.inspector.getByRole('form', { name: 'Fork' });
  await expect(fork).toContainText('The case’s simulated user answers on from here');
  await fork.getByRole('textbox', { name: 'Edited message' }).fill('The README, and quickly.');
  await fork.getByRole('button', { name: 'Run from here' }).click();
  await expect(playground.conversation).toContainText('Glad to help.', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0, { timeout: 30_000 });
  await expect(
    playground.conversation.getByRole('article', { name: 'User' }).filter({ hasText: 'The README, and quickly.' }),
  ).toContainText('Simulated user (edited)');
  await expect(playground.conversation).toContainText('Thanks, that is all.');
  await expect.poll(() => playground.nodeNames()).toContain('User turn 2: The README, and quickly.');
  await expect(playground.node('User turn 3: Thanks, that is all.').first()).toBeVisible();

  // The user's third turn, asked again ten times: a script says the same every time.
  await playground.selectNode('User turn 3: Thanks, that is all.');
  const samples = await sampleUserTurn(playground, 10);
  await expect(samples.getByRole('status')).toHaveText('10 samples: 1 different answer');
  await expect(samples.getByRole('list', { name: 'Answers' }).getByRole('listitem')).toHaveAccessibleName(
    /^Thanks, that is all\. — 10 of 10 \(100 %/,
  );
});

test('the model in your browser plays the user: its turns are the conversation’s, and sampled they spread', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.loadModelFile(tinyGgufPath());
  await playground.closeRunSettings();
  // The assistant is the scripted model; the user is the tiny model in this tab (random weights: it babbles).
  await page.getByRole('combobox', { name: 'Provider' }).selectOption('simulated');
  await playground.useScript(SCRIPT);
  const cases = {
    ...CASES,
    cases: [
      {
        ...CASES.cases[0],
        user: {
          instructions: 'You want to see README.md.',
          model: { provider: 'browser', temperature: 1, seed: 7 },
          maxTurns: 2,
        },
        expect: { calls: [{ tool: 'read_file', args: { path: 'README.md' } }] },
      },
    ],
  };
  await runCaseAndOpen(playground, cases, 'which-file', testInfo.outputPath('cases.json'), '1 / 1 — done: 1 passed');
  const names = await playground.nodeNames();
  const userTurn = names.find((name) => name.startsWith('User turn 2: '));
  expect(userTurn, names.join('\n')).toBeDefined();
  await expect(playground.conversation).toContainText('README.md starts with "# Greeter".');

  await playground.selectNode('User turn 2: ');
  const samples = await sampleUserTurn(playground, 4);
  const answers = samples.getByRole('list', { name: 'Answers' }).getByRole('listitem');
  await expect.poll(() => answers.count()).toBeGreaterThan(1);
});
