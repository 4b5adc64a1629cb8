import { mkdir } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { generateLongSession } from '../bench/generate-long-session';
import { serializeSessionFile } from '../lib/session/session-file';
import { createSessionStore } from '../lib/session/session-store';
import { PlaygroundPage } from './pages/playground-page';
import { axeScans, seriousViolations } from './pages/axe';
import { smallestText } from './pages/measure-text';

/** Screenshots of the main screens land here (CI keeps them as artifacts). */
const SCREENS = new URL('./artifacts/screens/', import.meta.url).pathname;
const SIZES = [
  { name: 'laptop', width: 1366, height: 768 },
  { name: 'small-laptop', width: 1024, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function documentOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function shoot(page: Page, name: string) {
  await mkdir(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}${name}.png` });
}

for (const size of SIZES) {
  test(`${size.name} ${size.width}×${size.height}: no sideways scroll, light and dark, empty and after a run`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const playground = new PlaygroundPage(page);
    await playground.goto();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await documentOverflow(page)).toBeLessThanOrEqual(0);
      await shoot(page, `${size.width}x${size.height}-${scheme}-empty`);
    }
    await playground.sendMessage('list the files and show me README.md');
    if (size.name === 'phone')
      await page.getByRole('tablist', { name: 'Panes' }).getByRole('tab', { name: 'Graph' }).click();
    await expect(playground.node('Tool result read_file')).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await documentOverflow(page)).toBeLessThanOrEqual(0);
      await shoot(page, `${size.width}x${size.height}-${scheme}-after-run`);
    }
  });
}

test('on a phone a shared link opens on the graph, readable without sideways scroll, and Replay works', async ({
  page,
  browser,
}) => {
  const author = new PlaygroundPage(page);
  await author.goto();
  await author.sendMessage('list the files');
  await page.getByRole('button', { name: 'Share' }).click();
  const url = await page.getByRole('textbox', { name: 'Share link' }).inputValue();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const viewer = new PlaygroundPage(await phone.newPage());
  await viewer.page.goto(url);
  await expect(viewer.page.getByRole('tablist', { name: 'Panes' }).getByRole('tab', { name: 'Graph' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(viewer.node('Tool result list_files')).toBeVisible();
  expect(await documentOverflow(viewer.page)).toBeLessThanOrEqual(0);
  await shoot(viewer.page, '390x844-light-shared-link');
  await viewer.page.getByRole('button', { name: 'Replay' }).click();
  await expect(viewer.page.getByRole('status').filter({ hasText: /^Replaying/ })).toBeVisible();
  await expect(viewer.page.getByRole('button', { name: 'Replay' })).toBeVisible({ timeout: 20_000 });
  await expect(viewer.node('Tool result list_files')).toBeVisible();
  expect(await documentOverflow(viewer.page)).toBeLessThanOrEqual(0);
  await phone.close();
});

test('every menu and popover closes on Escape and on a click outside, and gives focus back', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files');
  const openers = [
    { trigger: page.getByRole('button', { name: 'Session actions' }), opened: page.getByRole('menu') },
    { trigger: playground.tools.getByRole('button', { name: 'Add tool' }), opened: page.getByRole('menu') },
    { trigger: page.getByRole('button', { name: 'Share' }), opened: page.getByRole('dialog', { name: 'Share link' }) },
    {
      trigger: page.getByRole('button', { name: 'Settings', exact: true }),
      opened: page.getByRole('dialog', { name: 'Run settings' }),
    },
    { trigger: page.getByRole('button', { name: 'Legend' }), opened: page.getByRole('dialog', { name: 'Legend' }) },
    { trigger: page.getByRole('button', { name: 'Get code' }), opened: page.getByRole('dialog', { name: 'Get code' }) },
    {
      trigger: page.getByRole('button', { name: 'Keyboard shortcuts' }),
      opened: page.getByRole('dialog', { name: 'Keyboard shortcuts' }),
    },
  ];
  for (const [index, { trigger, opened }] of openers.entries()) {
    await trigger.click();
    await expect(opened).toBeVisible();
    await shoot(page, `1600x900-light-open-${index + 1}`);
    await page.keyboard.press('Escape');
    await expect(opened).toHaveCount(0);
    await expect(trigger).toBeFocused();

    await trigger.click();
    await expect(opened).toBeVisible();
    await page.mouse.click(5, page.viewportSize()!.height - 5);
    await expect(opened).toHaveCount(0);
  }

  // The Add tool menu no longer covers the Import panel: the panel's Import button can be pressed.
  await playground.tools.getByRole('button', { name: 'Add tool' }).click();
  await playground.tools.getByRole('button', { name: 'Import tools' }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(playground.tools.getByRole('button', { name: 'Import', exact: true })).toBeVisible();

  // Menus take the arrow keys and typeahead (the WAI-ARIA menu pattern).
  await page.getByRole('button', { name: 'Session actions' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Blank session' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem').nth(1)).toBeFocused();
  await page.keyboard.press('Escape');

  // `?` lists the shortcuts (not while typing).
  await playground.message.fill('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  await page.getByRole('region', { name: 'Timeline' }).getByRole('heading').click();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Ctrl/⌘ + Enter');
});

test('the graph opens readable: node text at least 12 px on a 1366×768 laptop, the overview map drawn', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');
  const result = playground.node('Tool result read_file');
  await expect(result).toContainText(/read_file README\.md → \d+(\.\d)? (B|KB)/);
  const smallest = await smallestText(await playground.settledGraphNodes(), true);
  expect(smallest).toBeGreaterThanOrEqual(12);
  // The overview map (off for a run this small, which is on screen whole) draws one shape per node.
  await expect(page.getByRole('checkbox', { name: 'Overview' })).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Overview' }).check();
  const drawn = await playground.timeline.locator('.react-flow__minimap-node').count();
  expect(drawn).toBeGreaterThanOrEqual(await playground.timeline.locator('.react-flow__node-timeline').count());
  await page.getByRole('button', { name: 'Legend' }).click();
  await expect(page.getByRole('dialog', { name: 'Legend' })).toContainText('tool_call_id');
});

test('axe-core finds no serious or critical violations on the main screens (empty, after a run, dialogs, dark)', async ({
  page,
}) => {
  test.setTimeout(240_000); // some 30 scans, each a few seconds on two cores
  await page.setViewportSize({ width: 1366, height: 768 });
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    found.push(...(await seriousViolations(page, `${scheme} empty`)));
  }
  await playground.sendMessage('list the files and show me README.md');
  await playground.selectNode('Tool result read_file');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    found.push(...(await seriousViolations(page, `${scheme} after a run`)));
    await playground.openRunSettings();
    found.push(...(await seriousViolations(page, `${scheme} run settings`)));
    await playground.closeRunSettings();
    await page.getByRole('button', { name: 'Get code' }).click();
    found.push(...(await seriousViolations(page, `${scheme} get code`)));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Session actions' }).click();
    found.push(...(await seriousViolations(page, `${scheme} session menu`)));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Share' }).click();
    found.push(...(await seriousViolations(page, `${scheme} share`)));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Legend' }).click();
    found.push(...(await seriousViolations(page, `${scheme} legend`)));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    found.push(...(await seriousViolations(page, `${scheme} shortcuts`)));
    await page.keyboard.press('Escape');
    await playground.inspector.getByRole('tab', { name: 'Wire', exact: true }).click();
    await expect(playground.inspector.getByRole('tabpanel', { name: 'Wire' })).toContainText('Request');
    found.push(...(await seriousViolations(page, `${scheme} inspector wire`)));
    await playground.inspector.getByRole('tab', { name: 'Message', exact: true }).click();
    await playground.moreToolAction('Connect MCP server');
    found.push(...(await seriousViolations(page, `${scheme} connect MCP server`)));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    found.push(...(await seriousViolations(page, `${scheme} compare`)));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Evals', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Evals' })).toBeVisible();
    found.push(...(await seriousViolations(page, `${scheme} evals`)));
    await page.getByRole('button', { name: 'Evals', exact: true }).click();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.getByRole('tablist', { name: 'Panes' }).getByRole('tab', { name: 'Graph' }).click();
    found.push(...(await seriousViolations(page, `${scheme} phone graph`)));
    await page.getByRole('tab', { name: 'Chat' }).click();
    found.push(...(await seriousViolations(page, `${scheme} phone chat`)));
  }
  console.log(`axe-core: ${axeScans.count} scans of the main screens, ${found.length} serious or critical violations`);
  expect(found).toEqual([]);
});

test('a 500-call session opens with only the messages near the view drawn, and scrolls to its start', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const store = createSessionStore();
  store.getState().loadSession({ ...store.getState(), messages: generateLongSession('e2e') }, { trusted: false });
  await page.getByLabel('Session file').setInputFiles({
    name: 'long.json',
    mimeType: 'application/json',
    buffer: Buffer.from(serializeSessionFile(store.getState())),
  });
  const articles = playground.conversation.getByRole('article');
  await expect(articles.last()).toContainText('All chapters read');
  // 5 user messages + 5 × 10 blocks of steps (+ answers): far more than are drawn.
  expect(await articles.count()).toBeLessThan(20);
  const list = playground.conversation.locator('.overflow-auto').first();
  await list.evaluate((element) => {
    element.scrollTop = 0;
  });
  await expect(articles.first()).toContainText('Read every chapter, part 1.');
  // The graph holds only what is near its view: scrolled far up, the steps there are drawn.
  const graph = playground.timeline.locator('.react-flow__pane');
  const nodes = playground.timeline.locator('.react-flow__node-timeline');
  const stepsShown = async (): Promise<string[]> =>
    (await nodes.allTextContents()).join(' ').match(/chapters\/\d+-\d+/g) ?? [];
  const before = await stepsShown();
  expect(before.length).toBeGreaterThan(0);
  await graph.hover();
  for (let wheel = 0; wheel < 30; wheel++) await page.mouse.wheel(0, -400);
  await expect
    .poll(async () => (await stepsShown()).filter((step) => !before.includes(step)).length)
    .toBeGreaterThan(0);
  await expect(nodes.first()).toBeInViewport();
});

test('opening a 2,000-call session over a 500-call one lands on its latest message, as the graph does', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const open = async (name: string, turns: number) => {
    const store = createSessionStore();
    store
      .getState()
      .loadSession({ ...store.getState(), messages: generateLongSession(name, turns) }, { trusted: false });
    await page.getByLabel('Session file').setInputFiles({
      name: `${name}.json`,
      mimeType: 'application/json',
      buffer: Buffer.from(serializeSessionFile(store.getState())),
    });
  };
  const articles = playground.conversation.getByRole('article');
  const list = playground.conversation.getByRole('region', { name: 'Messages' });
  await open('five-hundred', 5);
  await expect(articles.last()).toContainText('All chapters read');
  // Part-way up the first session, as a person reading it would be.
  await list.evaluate((element) => {
    element.scrollTop = element.scrollHeight / 3;
  });
  await open('two-thousand', 20);
  const last = articles.filter({ hasText: 'All chapters read.' }).last();
  await expect(last).toBeInViewport();
  await expect
    .poll(() => list.evaluate((element) => element.scrollHeight - element.clientHeight - element.scrollTop))
    .toBeLessThanOrEqual(2);
  // The newest turn, not an earlier one: its user message is the 20th.
  await list.evaluate((element) => {
    element.scrollTop -= 400;
  });
  await expect(articles.filter({ hasText: 'chapters/19-' }).first()).toBeVisible();
});

test('at 1366×768 the Tools pane shows at least five tools under a one-row toolbar, and Evals get the width of two columns', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await expect(playground.tools.getByRole('checkbox', { name: 'Use list_files in runs' })).toBeVisible();
  const fullyShown = await page.evaluate(() => {
    const list = document.getElementById('tool-list')?.getBoundingClientRect();
    if (!list) return 0;
    return [...document.querySelectorAll('#tool-list li')].filter((item) => {
      const box = item.getBoundingClientRect();
      return box.top >= list.top && box.bottom <= list.bottom + 1;
    }).length;
  });
  expect(fullyShown).toBeGreaterThanOrEqual(5);
  // Measured once drawn: the Timeline's frame is swapped for the pane when its code has loaded.
  let timelineWidth = 0;
  await expect
    .poll(async () => {
      timelineWidth = (await playground.timeline.boundingBox())?.width ?? 0;
      return timelineWidth;
    })
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  await expect.poll(async () => (await evals.boundingBox())?.width ?? 0).toBeGreaterThan(timelineWidth + 150);
  await evals.getByRole('button', { name: 'Back to the timeline' }).click();
  await expect(playground.inspector).toBeVisible();
  await expect.poll(async () => (await playground.timeline.boundingBox())?.width ?? 0).toBeLessThan(timelineWidth + 5);
});

test('at 1366×768 the tool editor enlarges to a dialog, and Tool stats shows every column', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');
  await playground.tools.getByRole('button', { name: 'read_file', exact: true }).click();
  await playground.tools.getByRole('button', { name: 'Enlarge editor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tool definition: read_file' });
  const editor = dialog.getByRole('group', { name: 'Tool definition' });
  await expect(editor.locator('.view-lines')).toContainText('"read_file"');
  const box = await editor.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(900);
  expect(box?.height).toBeGreaterThanOrEqual(450);
  await page.screenshot({ path: 'e2e/artifacts/screens/1366x768-tool-editor-enlarged.png' });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(playground.editor.locator('.view-lines')).toContainText('"read_file"');

  await playground.tools.getByRole('button', { name: 'More tool actions' }).click();
  await page.getByRole('menuitem', { name: 'Tool stats' }).click();
  const stats = page.getByRole('region', { name: 'Tool stats' });
  await expect(stats.getByRole('row', { name: /^read_file 1 1 / })).toBeVisible();
  const table = stats.getByRole('table');
  // All thirteen columns are on screen: the table is no wider than what holds it.
  expect(await table.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0))).toBe(
    true,
  );
  expect(await stats.getByRole('columnheader').count()).toBe(13);
  await page.screenshot({ path: 'e2e/artifacts/screens/1366x768-tool-stats.png' });
});

test('at 1366×768 lesson authoring and Try this tool have room to read', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');
  await page.getByRole('button', { name: 'Lesson', exact: true }).click();
  const lesson = page.getByRole('region', { name: 'Lesson' });
  await playground.selectNode('Assistant message: I');
  await lesson.getByRole('button', { name: 'Add stop' }).click();
  const stop = lesson.getByRole('listitem', { name: /^Stop 1: Assistant message/ });
  await stop.getByRole('combobox', { name: 'Question kind' }).selectOption('next-tool');
  await stop.getByRole('button', { name: 'Add question' }).click();
  // Nothing in the authoring pane is cut: every select shows its whole choice, no sideways scroll.
  for (const select of await lesson.getByRole('combobox').all())
    expect(await select.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  expect(await lesson.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  expect((await lesson.boundingBox())?.width).toBeGreaterThanOrEqual(320);
  await page.screenshot({ path: 'e2e/artifacts/screens/1366x768-lesson-authoring.png' });
  await page.getByRole('button', { name: 'Lesson', exact: true }).click();

  await playground.tools.getByRole('button', { name: 'read_file', exact: true }).click();
  await playground.tools.getByRole('button', { name: 'Try this tool' }).click();
  const dialog = page.getByRole('dialog', { name: 'Try this tool: read_file' });
  await dialog.getByRole('textbox', { name: 'path' }).fill('README.md');
  await dialog.getByRole('button', { name: 'Run tool' }).click();
  await expect(dialog.getByRole('region', { name: 'Result' })).toContainText('# Greeter');
  await page.screenshot({ path: 'e2e/artifacts/screens/1366x768-try-this-tool.png' });
});

test('at 1366×768 a tool just added is in view, Runs as stays in its pane, and Wire JSON keeps words whole', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');
  // The ninth tool lands below the eight the list shows: the list brings it into view.
  await playground.tools.getByRole('button', { name: 'Add tool' }).click();
  await page.getByRole('menuitem', { name: 'get_weather', exact: true }).click();
  await expect(playground.tools.getByRole('button', { name: 'get_weather', exact: true })).toBeInViewport();
  const pane = await playground.tools.boundingBox();
  const runsAs = await playground.tools.getByRole('combobox', { name: 'Runs as' }).boundingBox();
  expect((runsAs?.x ?? 0) + (runsAs?.width ?? 0)).toBeLessThanOrEqual((pane?.x ?? 0) + (pane?.width ?? 0));
  // A string in the Wire view wraps between words, not inside them.
  await playground.selectNode('Tool call read_file');
  await playground.inspector.getByRole('tab', { name: 'Wire' }).click();
  const request = playground.inspector.getByRole('group', { name: /request$/ }).first();
  await expect(request).toBeVisible();
  const wordBreaks = await request
    .locator('span')
    .evaluateAll((spans) => [...new Set(spans.map((span) => getComputedStyle(span).wordBreak))]);
  expect(wordBreaks).not.toContain('break-all');
});
