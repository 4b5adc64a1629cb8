import { expect, test } from '@playwright/test';
import { seriousViolations } from './pages/axe';
import { PlaygroundPage } from './pages/playground-page';
import { FAKE_PROVIDER_PORT } from './playwright.config';
import { CORE_TOOL_DEFINITIONS } from '../lib/shapes/core-tool-definitions';
import { formatToolSource } from '../lib/shapes/tool-source';

const fake = `http://127.0.0.1:${FAKE_PROVIDER_PORT}`;

/** The status after a perturbation: what the model did, one answer from the recording and one live. */
const CLASSED =
  /the model (answered|recovered|gave up|claimed success|followed injection) \(1 answers? from the recording, 1 live\)/;

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
  // The edge joining the replay's lane to the original's says where and what.
  await expect(page.getByLabel(/^Diverged at request 1: tools\[\d\]\.description$/)).toHaveCount(1);
  const diverged = playground.node(/^Assistant message: I'll call/).first();
  await expect(diverged).toContainText('Diverged here');
  await diverged.focus();
  await page.keyboard.press('Enter');
  await expect(playground.inspector.getByRole('region', { name: 'Diverged here' })).toContainText(
    /tools\[\d\]\.description/,
  );
  // The two requests at that path: the recorded description and the edited one.
  const requests = playground.inspector.getByRole('table', { name: 'The two requests' });
  await expect(requests).toContainText(JSON.stringify(listFiles?.description));
  await expect(requests).toContainText('"Lists the files and directories of a path."');
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
  await expect(await playground.perturbResult('Prompt injection')).toContainText(CLASSED);
  await expect(page.getByRole('combobox', { name: 'Branch' }).getByRole('option')).toHaveCount(2);
  // The new branch's result is the injected one (in the seed's output text, where the model reads it).
  await expect(playground.conversation).toContainText('PINEAPPLE-7');

  // N times: the step that read the perturbed result, sampled, each sample classed.
  const next = playground.node(/^Assistant message: (?!I'll call)/).first();
  await next.focus();
  await page.keyboard.press('Enter');
  await playground.inspector.getByRole('spinbutton', { name: 'Samples' }).fill('5');
  await playground.inspector.getByRole('button', { name: 'Sample this step' }).click();
  await expect(playground.inspector.getByRole('status').filter({ hasText: 'Sampled 5 of 5.' })).toBeVisible({
    timeout: 60_000,
  });
  const classes = playground.inspector.getByRole('list', { name: 'Outcome classes: As sent' });
  await expect(classes.getByRole('listitem')).toHaveCount(5);
  await expect(classes).toContainText('followed injection');
  // Every sample is in one class: the counts add up to 5.
  const counts = (await classes.getByRole('listitem').allInnerTexts()).map((text) =>
    Number(/(\d+)\/5/.exec(text)?.[1]),
  );
  expect(counts.reduce((sum, count) => sum + count, 0)).toBe(5);
  expect(await seriousViolations(page, 'perturb result')).toEqual([]);
});

test('against the fake provider, on a phone, on a shared link after Fork to edit: recorded answers cost no request, an edit goes live from where it diverges, and a perturbed result is classed', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Its own path at the loopback fake, so this run's requests can be counted.
  const prefix = `/what-if-${Date.now()}`;
  const baseURL = `${fake}${prefix}/openai/v1`;
  const sent = async () =>
    ((await (await fetch(`${fake}/_requests`)).json()) as { path: string; raw: string }[]).filter(({ path }) =>
      path.startsWith(prefix),
    );
  const requests = async () => (await sent()).length;
  const author = new PlaygroundPage(page);
  await author.goto();
  await author.chooseProvider({
    provider: 'openai',
    openaiApi: 'chat',
    baseURL,
    model: 'fake-tools',
    key: 'sk-author-typed-in-the-browser-0123',
  });
  await author.sendMessage('list the files and show me README.md');
  await expect.poll(() => author.nodeNames()).toContain('Tool result read_file: ok');
  await expect(author.node(/^Assistant message: Done\./)).toBeVisible();
  expect(await requests()).toBe(2);
  await page.getByRole('button', { name: 'Share' }).click();
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const viewer = new PlaygroundPage(await phone.newPage());
  await viewer.page.goto(link);
  await viewer.page.getByRole('button', { name: 'Fork to edit' }).first().click();
  await expect(viewer.page.getByRole('note').filter({ hasText: 'Shared session, read-only' })).toHaveCount(0);

  // Unchanged: every answer from the recording, no request (no key needed).
  await viewer.page.getByRole('button', { name: 'Session actions' }).click();
  await viewer.page.getByRole('menuitem', { name: 'Replay against the model' }).click();
  const dialog = viewer.page.getByRole('dialog', { name: 'Replay against the model' });
  await dialog.getByRole('button', { name: 'Replay' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    'Replayed without a difference: 2 answers from the recording, 0 live requests.',
    { timeout: 30_000 },
  );
  expect(await requests()).toBe(2);
  expect(await seriousViolations(viewer.page, 'replay on a phone')).toEqual([]);
  await viewer.page.keyboard.press('Escape');

  // The temperature changed: the first request differs, and from there it is live — with the viewer's own key for that address.
  const settings = await viewer.openRunSettings();
  await settings.getByText('More settings').click();
  await settings.getByRole('spinbutton', { name: 'Temperature' }).fill('0.5');
  await settings.getByLabel('API key').fill('sk-viewer-typed-in-the-browser-4567');
  await viewer.closeRunSettings();
  await viewer.page.getByRole('button', { name: 'Session actions' }).click();
  await viewer.page.getByRole('menuitem', { name: 'Replay against the model' }).click();
  await dialog.getByRole('button', { name: 'Replay' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    /^Diverged at model request 1 — settings\.temperature changed; went live/,
    { timeout: 30_000 },
  );
  await expect.poll(requests).toBe(4);
  await viewer.page.keyboard.press('Escape');

  // A prompt injection in read_file's result, on a new branch: one request after it, and the class said.
  await viewer.page.getByRole('tablist', { name: 'Panes' }).getByRole('tab', { name: 'Graph' }).click();
  // Drawn in each of the three lanes (the original, the unchanged replay, the live one): the active one first.
  await viewer
    .node(/^Tool result read_file/)
    .first()
    .focus();
  await viewer.page.keyboard.press('Enter');
  await expect(viewer.node(/^Tool result read_file/).first()).toHaveClass(/selected/);
  await viewer.page.getByRole('tablist', { name: 'Panes' }).getByRole('tab', { name: 'Inspector' }).click();
  await expect(await viewer.perturbResult('Prompt injection')).toContainText(CLASSED);
  await expect.poll(requests).toBe(5);
  // The injection reached the provider as the model reads it: in the tool result it was sent.
  expect((await sent())[4].raw).toContain('PINEAPPLE-7');
  expect((await sent())[3].raw).not.toContain('PINEAPPLE-7');
  expect(await seriousViolations(viewer.page, 'perturb on a phone')).toEqual([]);
  await phone.close();
});
