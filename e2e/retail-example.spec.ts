import { expect, test } from '@playwright/test';
import { RETAIL_EXAMPLE } from '../lib/opening/retail-example-entry';
import { PlaygroundPage } from './pages/playground-page';

/*
 * τ²-bench's retail domain as a built-in example (README "Conversations"): its tools run as
 * handlers in the browser's handler sandbox and keep the store's database in the workspace file
 * db.json — a call's change is there for the next call.
 */

const PENDING_ORDER = '#W6247578';

test('the retail example: τ²-bench’s store opens as a session, and its handlers keep the database in db.json from call to call', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sessionAction(`Example: ${RETAIL_EXAMPLE.name}`);
  const cancel = playground.tools.getByRole('button', { name: 'cancel_pending_order', exact: true });
  await expect(cancel).toBeVisible({ timeout: 30_000 });
  await cancel.click();
  await expect(playground.tools.getByRole('textbox', { name: 'Handler state file' })).toHaveValue('db.json');

  const tryIt = async (args: object) => {
    await playground.tools.getByRole('button', { name: 'Try this tool' }).click();
    const dialog = page.getByRole('dialog', { name: 'Try this tool: cancel_pending_order' });
    await dialog.getByRole('textbox', { name: 'Arguments JSON' }).fill(JSON.stringify(args));
    await expect(dialog.getByRole('list', { name: 'Problems with the arguments' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Run tool' }).click();
    return dialog.getByRole('region', { name: 'Result' });
  };
  // A pending order is cancelled: the handler read db.json and wrote the change back…
  const first = await tryIt({ order_id: PENDING_ORDER, reason: 'no longer needed' });
  await expect(first).toContainText('cancelled', { timeout: 30_000 });
  await page.keyboard.press('Escape');
  // …so the same call again meets the order as the first left it, and says so as τ² does.
  const second = await tryIt({ order_id: PENDING_ORDER, reason: 'no longer needed' });
  await expect(second).toContainText('Non-pending order cannot be cancelled', { timeout: 30_000 });
  await page.keyboard.press('Escape');

  // The policy is the system prompt; the tasks are conversation cases graded by the database.
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const cases = page.getByRole('region', { name: 'Evals' }).getByTestId('eval-cases-editor');
  await expect(cases.locator('.view-lines')).toContainText('"id": "retail-0"');
  await expect(cases.locator('.view-lines')).toContainText('Task 0: You received your order #W2378156');
});
