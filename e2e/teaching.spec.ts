import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';
import { seriousViolations } from './pages/axe';
import { smallestText } from './pages/measure-text';

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

  const nodes = await playground.settledGraphNodes();
  expect(await smallestText(nodes, true)).toBeGreaterThanOrEqual(18);

  // Presenting shows the run, not the controls that change it (a result's Fork form among them).
  await playground.selectNode('Tool result read_file');
  await expect(playground.inspector.getByRole('heading', { name: /read_file/ })).toBeVisible();
  await expect(playground.inspector.getByRole('form', { name: 'Fork' })).toHaveCount(0);
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

/** A run made into a two-stop lesson, one stop with a question; its share link. */
async function authorLesson(page: import('@playwright/test').Page): Promise<string> {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');
  await page.getByRole('button', { name: 'Lesson', exact: true }).click();
  const lesson = page.getByRole('region', { name: 'Lesson' });
  await playground.selectNode('User message');
  await lesson.getByRole('button', { name: 'Add stop' }).click();
  const first = lesson.getByRole('listitem', { name: /^Stop 1: User message/ });
  await first
    .getByRole('textbox', { name: 'Stop note' })
    .fill('The person asks. The app sends this\nwith the `tools`.');
  await playground.selectNode('Assistant message: I');
  await lesson.getByRole('button', { name: 'Add stop' }).click();
  const second = lesson.getByRole('listitem', { name: /^Stop 2: Assistant message/ });
  await second.getByRole('combobox', { name: 'Question kind' }).selectOption('next-tool');
  await second.getByRole('button', { name: 'Add question' }).click();
  await expect(second).toContainText('Which tool will the model call next?');
  await second.getByRole('textbox', { name: 'Stop note' }).fill('Two calls in one step: parallel.');
  await second.getByRole('combobox', { name: 'Wire format' }).selectOption('anthropic');
  await page.getByRole('button', { name: 'Share' }).click();
  return page.getByRole('textbox', { name: 'Share link' }).inputValue();
}

test('a lesson: author two stops with a question, share, and a learner plays it in a fresh browser', async ({
  page,
  browser,
}) => {
  const link = await authorLesson(page);
  await page.keyboard.press('Escape');
  expect(await seriousViolations(page, 'lesson author')).toEqual([]);
  const learner = await browser.newContext();
  const student = await learner.newPage();
  try {
    await student.goto(link);
    const player = student.getByRole('region', { name: 'Lesson player' });
    await expect(player).toContainText('Stop 1 of 2');
    await expect(player.locator('code')).toHaveText('tools');
    // Only what happened up to the stop: the question is on screen, no call yet.
    const timeline = student.getByRole('region', { name: 'Timeline' });
    await expect(timeline.getByRole('group', { name: /^User message/ })).toBeVisible();
    await expect(timeline.getByRole('group', { name: /^Tool call/ })).toHaveCount(0);
    await player.getByRole('button', { name: 'Next stop' }).click();
    await expect(player).toContainText('Stop 2 of 2');
    await expect(player.getByRole('button', { name: 'Next stop' })).toBeDisabled();
    await expect(timeline.getByRole('group', { name: /^Tool call/ })).toHaveCount(0);
    await player.getByRole('radio', { name: 'list_files' }).check();
    await player.getByRole('button', { name: 'Check answer' }).click();
    await expect(player.getByRole('status').first()).toContainText('Right.');
    await expect(player).toContainText('Score: 1 of 1 right.');
    // Revealed: the step's calls are on the graph now, and the Inspector shows the step as Anthropic sends it.
    await expect(timeline.getByRole('group', { name: /^Tool call read_file/ })).toBeVisible();
    const inspector = student.getByRole('region', { name: 'Inspector' });
    await expect(inspector.getByRole('tab', { name: 'Anthropic Messages' })).toHaveAttribute('aria-selected', 'true');
    // The answers stay in this browser, never in the link.
    expect(student.url()).toBe(link);
    await student.keyboard.press('ArrowLeft');
    await expect(player).toContainText('Stop 1 of 2');
    expect(await seriousViolations(student, 'lesson player')).toEqual([]);
    // The same lesson plays inside the embed player, its answers kept in memory only.
    const embedded = await learner.newPage();
    await embedded.goto(link.replace('/#share=', '/embed#share='));
    const inFrame = embedded.getByRole('region', { name: 'Lesson player' });
    await expect(inFrame).toContainText('Stop 1 of 2');
    await inFrame.getByRole('button', { name: 'Next stop' }).click();
    await inFrame.getByRole('radio', { name: 'list_files' }).check();
    await inFrame.getByRole('button', { name: 'Check answer' }).click();
    await expect(inFrame).toContainText('Score: 1 of 1 right.');
    expect(await embedded.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('lesson')))).toEqual(
      // The playground page (same browser) kept its own answers; the embed added none.
      await student.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('lesson'))),
    );
  } finally {
    await learner.close();
  }
});

test('a question on a step with parallel calls takes either call as right', async ({ page, browser }) => {
  const link = await authorLesson(page);
  const learner = await browser.newContext();
  const student = await learner.newPage();
  try {
    await student.goto(link);
    const player = student.getByRole('region', { name: 'Lesson player' });
    await player.getByRole('button', { name: 'Next stop' }).click();
    await expect(player).toContainText('Stop 2 of 2');
    // The step called list_files and read_file at once: read_file is as right as list_files.
    await player.getByRole('radio', { name: 'read_file' }).check();
    await player.getByRole('button', { name: 'Check answer' }).click();
    await expect(player.getByRole('status').first()).toContainText('Right.');
    await expect(player.getByRole('status').first()).toContainText(
      'list_files and read_file (in parallel: each is right)',
    );
    await expect(player).toContainText('Score: 1 of 1 right.');
  } finally {
    await learner.close();
  }
});

test('the lesson on a phone: the stops, the question and the graph, no sideways scroll', async ({ page, browser }) => {
  const link = await authorLesson(page);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const student = await phone.newPage();
  try {
    await student.goto(link);
    const player = student.getByRole('region', { name: 'Lesson player' });
    await expect(player).toContainText('Stop 1 of 2');
    await player.getByRole('button', { name: 'Next stop' }).click();
    // The step called list_files and read_file: bash is the wrong answer.
    await player.getByRole('radio', { name: 'bash' }).check();
    await player.getByRole('button', { name: 'Check answer' }).click();
    await expect(player.getByRole('status').first()).toContainText('Not quite.');
    await expect(player).toContainText('Score: 0 of 1 right.');
    expect(await student.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
      0,
    );
    const found = await seriousViolations(student, 'phone lesson');
    expect(found).toEqual([]);
  } finally {
    await phone.close();
  }
});

test('a built-in lesson from Session actions plays as a real run: parallel calls and call ids', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const sessionBox = page.getByRole('combobox', { name: 'Session', exact: true });
  const mine = await sessionBox.locator('option:checked').innerText();
  await page.getByRole('button', { name: 'Session actions' }).click();
  await page.getByRole('menuitem', { name: 'Lesson: Parallel calls and call ids' }).click();
  const player = page.getByRole('region', { name: 'Lesson player' });
  await expect(player).toContainText('Stop 1 of 3');
  await player.getByRole('radio', { name: 'Both in the same step' }).check();
  await player.getByRole('button', { name: 'Check answer' }).click();
  await expect(player.getByRole('status').first()).toContainText('Right.');
  await player.getByRole('button', { name: 'Next stop' }).click();
  await expect(player).toContainText('Stop 2 of 3');
  await expect(player).toContainText('Which result answers the call read_file');
  await player.getByRole('radio', { name: /^read_file → / }).check();
  await player.getByRole('button', { name: 'Check answer' }).click();
  await expect(player.getByRole('status').first()).toContainText('Right.');
  await player.getByRole('button', { name: 'Next stop' }).click();
  await expect(player).toContainText('Score: 2 of 2 right.');
  await expect(playground.node('Tool result read_file')).toBeVisible();
  await player.getByRole('button', { name: 'Leave lesson' }).click();
  await expect(player).toHaveCount(0);
  // Back in the person's own session, not stranded in the lesson's scripted one.
  await expect(sessionBox.locator('option:checked')).toHaveText(mine);
  await playground.sendMessage('list the files');
  await expect(page.getByRole('region', { name: 'Conversation' })).not.toContainText('all of them have run');
  await expect(playground.node(/^Tool call list_files/).first()).toBeVisible();
  // Opened again: the same session, from its first stop — not a second copy.
  const sessions = page.getByRole('combobox', { name: 'Session', exact: true });
  const before = await sessions.getByRole('option').allTextContents();
  await page.getByRole('button', { name: 'Session actions' }).click();
  await page.getByRole('menuitem', { name: 'Lesson: Parallel calls and call ids' }).click();
  await expect(player).toContainText('Stop 1 of 3');
  expect(await sessions.getByRole('option').allTextContents()).toEqual(before);
  expect(before.filter((name) => name.startsWith('Lesson: Parallel calls'))).toHaveLength(1);
});

test('a lesson goes from the run to a perturbed branch of it: "what will the model do with this result?"', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files');
  await playground.selectNode(/^Tool result list_files/);
  const said = await playground.perturbResult('Timeout');
  const outcome = /^Timeout: the model (recovered|gave up|claimed success|answered) /.exec(await said.innerText())?.[1];
  expect(outcome).toBeDefined();

  await page.getByRole('button', { name: 'Lesson', exact: true }).click();
  const lesson = page.getByRole('region', { name: 'Lesson' });
  // Stop 1 on the original run (the lane beside the perturbed one), stop 2 on the perturbed result.
  const results = playground.node(/^Tool result list_files/);
  await results.nth(1).focus();
  await page.keyboard.press('Enter');
  await lesson.getByRole('button', { name: 'Add stop' }).click();
  await results.first().focus();
  await page.keyboard.press('Enter');
  await lesson.getByRole('button', { name: 'Add stop' }).click();
  const first = lesson.getByRole('listitem', { name: /^Stop 1: Tool result list_files: ok/ });
  await first.getByRole('textbox', { name: 'Stop note' }).fill('The files, as the tool listed them.');
  const second = lesson.getByRole('listitem', { name: /^Stop 2: Tool result list_files: (error|timed out)/ });
  await second.getByRole('combobox', { name: 'Question kind' }).selectOption('outcome');
  await second.getByRole('button', { name: 'Add question' }).click();
  await second.getByRole('textbox', { name: 'Stop note' }).fill('Now the same call times out.');
  await page.getByRole('button', { name: 'Share' }).click();
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();

  // A laptop's width: the two lanes do not both fit, so the graph must show the stop's own lane.
  const learner = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const student = await learner.newPage();
    await student.goto(link);
    const player = student.getByRole('region', { name: 'Lesson player' });
    const branch = student.getByRole('combobox', { name: 'Branch' });
    // The result node in view is the one the Inspector shows (the active lane's, not the other branch's).
    const shownResult = async () => {
      const node = student.locator('.react-flow__node[data-id$=":result"]:not([data-id*="/"])');
      // Its middle is inside the graph's own box (the page's viewport would also count a node under the next pane).
      await expect
        .poll(async () => {
          const [box, pane] = await Promise.all([
            node.boundingBox(),
            student.getByRole('region', { name: 'Timeline' }).locator('.react-flow').boundingBox(),
          ]);
          if (!box || !pane) return false;
          const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
          return x > pane.x && x < pane.x + pane.width && y > pane.y && y < pane.y + pane.height;
        })
        .toBe(true);
      const title = (await node.innerText()).split('\n')[0];
      await expect(student.getByRole('region', { name: 'Inspector' }).getByRole('heading', { level: 3 })).toHaveText(
        title,
      );
      return title;
    };
    await expect(player).toContainText('Stop 1 of 2');
    await expect(branch.locator('option:checked')).toHaveText(/^Branch 1/);
    const original = await shownResult();
    // A read-only link offers no action that cannot act.
    await expect(student.getByRole('button', { name: /^Delete Branch/ })).toHaveCount(0);
    await player.getByRole('button', { name: 'Next stop' }).click();
    await expect(player).toContainText('Stop 2 of 2');
    await expect(branch.locator('option:checked')).toHaveText(/^Branch 2/);
    await expect(player).toContainText('What will the model do with this result (Timeout)?');
    await expect(player.getByRole('radio')).toHaveCount(4);
    await player.getByRole('radio', { name: outcome }).check();
    await player.getByRole('button', { name: 'Check answer' }).click();
    await expect(player.getByRole('status').first()).toContainText(`Right.`);
    await expect(player.getByRole('status').first()).toContainText(`The run: ${outcome}.`);
    // Answered, the stop's node is the perturbed result, in view and in the Inspector.
    expect(await shownResult()).not.toBe(original);
    // Back to stop 1: the original run again.
    await student.keyboard.press('ArrowLeft');
    await expect(branch.locator('option:checked')).toHaveText(/^Branch 1/);
    expect(await seriousViolations(student, 'perturbed lesson')).toEqual([]);
  } finally {
    await learner.close();
  }
});
