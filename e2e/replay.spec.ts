import { expect, test } from '@playwright/test';
import { seriousViolations } from './pages/axe';
import { PlaygroundPage } from './pages/playground-page';
import { CORE_TOOL_DEFINITIONS } from '../lib/shapes/core-tool-definitions';
import { formatToolSource } from '../lib/shapes/tool-source';

/** What if? (docs/what-if.md): replay a run against the model; an edit makes it diverge, and the step says where. */

test('an unchanged run replays from its recording; after a description edit it diverges, and the step names the path', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files');

  await page.getByRole('button', { name: 'Session actions' }).click();
  await page.getByRole('menuitem', { name: 'Replay against the model' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replay against the model' });
  await expect(dialog.getByRole('combobox', { name: 'On divergence' })).toHaveValue('go-live');
  await dialog.getByRole('button', { name: 'Replay' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    'Replayed without a difference: 2 answers from the recording, 0 live requests.',
    {
      timeout: 30_000,
    },
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Branch' }).getByRole('option')).toHaveCount(2);

  // One description edited: the first request differs.
  await playground.selectTool('list_files');
  const listFiles = CORE_TOOL_DEFINITIONS.find((definition) => definition.name === 'list_files');
  await playground.replaceToolDefinition(
    formatToolSource({ ...listFiles, description: 'Lists the files and directories of a path.' }),
  );
  await expect(playground.tools.getByText('valid').first()).toBeVisible();
  // The user message is drawn in both lanes (the replay's and the original's): the active one first.
  await playground
    .node(/^User message/)
    .first()
    .focus();
  await page.keyboard.press('Enter');
  await playground.inspector.getByRole('button', { name: 'Replay from here against the model' }).click();
  const fromHere = page.getByRole('dialog', { name: 'Replay from here against the model' });
  await fromHere.getByRole('button', { name: 'Replay' }).click();
  await expect(fromHere.getByRole('status')).toContainText(
    /^Diverged at model request 1 — tools\[\d\]\.description changed; went live/,
    {
      timeout: 30_000,
    },
  );
  await page.keyboard.press('Escape');
  const diverged = playground.node(/^Assistant message: I'll call/).first();
  await expect(diverged).toContainText('Diverged here');
  await diverged.focus();
  await page.keyboard.press('Enter');
  await expect(playground.inspector.getByRole('region', { name: 'Diverged here' })).toContainText(
    /tools\[\d\]\.description/,
  );
  expect(await seriousViolations(page, 'replay')).toEqual([]);

  // The replay beside the run it replayed, step by step.
  await page.getByRole('button', { name: 'Compare with original' }).click();
  const compared = page.getByRole('dialog', { name: 'Compare with original' });
  await expect(compared.getByRole('table', { name: 'Compared steps' }).getByRole('row')).toHaveCount(3);
  await expect(compared.getByRole('table', { name: 'Compared steps' })).toContainText('list_files({})');
  expect(await seriousViolations(page, 'compare with original')).toEqual([]);
});

test('Perturb result: a prompt injection in a result, on a new branch, and what the model did with it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files');
  await playground.selectNode(/^Tool result list_files/);
  await playground.inspector.getByRole('button', { name: 'Perturb result' }).click();
  await page.getByRole('menuitem', { name: 'Prompt injection' }).click();
  await expect(
    playground.inspector.getByRole('status').filter({ hasText: /^Prompt injection: the model / }),
  ).toContainText(
    /the model (answered|recovered|gave up|claimed success|followed injection) \(1 answers? from the recording, 1 live\)/,
    { timeout: 30_000 },
  );
  await expect(page.getByRole('combobox', { name: 'Branch' }).getByRole('option')).toHaveCount(2);
  // The new branch's result is the injected one (in the seed's output text, where the model reads it).
  await expect(playground.conversation).toContainText('PINEAPPLE-7');
  expect(await seriousViolations(page, 'perturb result')).toEqual([]);
});
