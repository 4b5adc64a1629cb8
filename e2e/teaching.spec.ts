import { expect, type Locator, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';
import { seriousViolations } from './pages/axe';

/** The smallest text on screen inside `elements`, in px (font size times the zoom it is drawn at). */
function smallestText(elements: Locator, zoomed = false) {
  return elements.evaluateAll((nodes, zoomed) => {
    const sizes: number[] = [];
    for (const node of nodes) {
      const rect = node.getBoundingClientRect();
      const zoom = zoomed ? rect.width / (node as HTMLElement).offsetWidth : 1;
      for (const element of [node, ...node.querySelectorAll('span, p, div')]) {
        const own = [...element.childNodes].some((child) => child.nodeType === 3 && child.textContent?.trim());
        if (own) sizes.push(Number.parseFloat(getComputedStyle(element).fontSize) * zoom);
      }
    }
    return Math.min(...sizes);
  }, zoomed);
}

test('presenter mode: large type on the graph, the sequence and the wire; editing panes hidden; Escape leaves', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');
  await page.getByRole('button', { name: 'Presenter mode' }).click();
  await expect(page.getByRole('button', { name: 'Presenter mode' })).toHaveAttribute('aria-pressed', 'true');
  await expect(playground.tools).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Conversation' })).toHaveCount(0);

  const nodes = playground.timeline.locator('.react-flow__node-timeline');
  await expect(nodes.first()).toBeVisible();
  // The fit settles: the nodes stop moving between two looks.
  let previous = '';
  await expect
    .poll(async () => {
      const now = await nodes.evaluateAll((all) =>
        all.map((node) => JSON.stringify(node.getBoundingClientRect())).join('|'),
      );
      const still = now === previous;
      previous = now;
      return still;
    })
    .toBe(true);
  expect(await smallestText(nodes, true)).toBeGreaterThanOrEqual(18);

  await playground.selectNode('Tool call read_file');
  await playground.inspector.getByRole('tab', { name: 'Wire' }).click();
  const response = playground.inspector.getByRole('group', { name: /response$/ }).first();
  await expect(response).toBeVisible();
  expect(await smallestText(response)).toBeGreaterThanOrEqual(16);

  await playground.timeline.getByRole('tab', { name: 'Sequence' }).click();
  const messages = playground.timeline.getByRole('region', { name: 'Sequence diagram' }).locator('.sequence-message');
  await expect(messages.first()).toBeVisible();
  expect(await smallestText(messages)).toBeGreaterThanOrEqual(18);

  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Presenter mode' })).toHaveAttribute('aria-pressed', 'false');
  await expect(playground.tools).toBeVisible();
});

test('axe-core finds no serious or critical violations on the sequence and presenter screens', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await playground.timeline.getByRole('tab', { name: 'Sequence' }).click();
    await expect(playground.timeline.getByRole('region', { name: 'Sequence diagram' })).toBeVisible();
    found.push(...(await seriousViolations(page, `${scheme} sequence`)));
    await page.getByRole('button', { name: 'Presenter mode' }).click();
    await expect(playground.timeline.getByRole('region', { name: 'Sequence diagram' })).toBeVisible();
    found.push(...(await seriousViolations(page, `${scheme} presenter sequence`)));
    await playground.timeline.getByRole('tab', { name: 'Graph' }).click();
    await expect(playground.node('Tool call read_file')).toBeVisible();
    found.push(...(await seriousViolations(page, `${scheme} presenter graph`)));
    await page.keyboard.press('Escape');
    await expect(playground.tools).toBeVisible();
  }
  expect(found).toEqual([]);
});
