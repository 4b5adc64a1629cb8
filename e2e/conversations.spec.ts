import { expect, type Page, test } from '@playwright/test';
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
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  const file = testInfo.outputPath('cases.json');
  await import('node:fs/promises').then((fs) => fs.writeFile(file, JSON.stringify(CASES)));
  await evals.getByLabel('Eval cases file').setInputFiles(file);
  await expect(evals.getByRole('status').first()).toHaveText('1 case saved.');
  await evals.getByRole('button', { name: 'Run evals' }).click();
  await expect(evals.getByRole('status').filter({ hasText: /^1 \/ 1/ })).toHaveText('1 / 1 — done: 1 passed');

  await evals
    .getByRole('table', { name: 'Eval results' })
    .getByRole('button', { name: /^which-file, / })
    .click();
  await evals.getByRole('button', { name: 'Open run 1 on the timeline' }).click();
  await expect(page.getByRole('region', { name: 'Evals' })).toHaveCount(0);
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
