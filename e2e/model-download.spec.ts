import { expect, type Page, test } from '@playwright/test';
import { E2E_MODEL_CATALOGUE, MODEL_MIRROR_PORT } from './playwright.config';
import { PlaygroundPage } from './pages/playground-page';

/*
 * Getting a model, as a person expects (README "A model in your browser"): the deployment's
 * catalogue (here PLAYGROUND_MODEL_CATALOGUE names a mirror on loopback serving the tiny model),
 * a download only when asked, its progress, cancel, resume after a cut, the publisher's SHA-256
 * checked before use, kept in the browser for the next visit, and removed with the space it frees.
 */

const MIRROR = `http://127.0.0.1:${MODEL_MIRROR_PORT}`;
const tiny = E2E_MODEL_CATALOGUE.models[0];
const tinySize = `${Math.ceil(tiny.sizeBytes / 1024)} KB`;

/**
 * Makes the mirror's next answer misbehave, and forgets the ranges asked so far. `cutAfter`: the
 * answer stops after that many bytes and is held open until `mirrorCut`.
 */
async function mirrorNext(page: Page, behave: { cutAfter?: number; bytesPerSecond?: number } = {}) {
  await page.request.post(`${MIRROR}/control`, { data: behave });
}
/** Drops the answers held at `cutAfter` mid-body, as a lost connection does. */
async function mirrorCut(page: Page) {
  const { cut } = (await (await page.request.post(`${MIRROR}/control/cut`)).json()) as { cut: number };
  expect(cut).toBe(1);
}
const mirrorAsked = async (page: Page) =>
  ((await (await page.request.get(`${MIRROR}/control`)).json()) as { asked: { path: string; range: string | null }[] })
    .asked;

async function openModelSettings(playground: PlaygroundPage) {
  await playground.page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'In your browser (no key)' });
  return playground.openRunSettings();
}

const loadedStatus = /tool-playground-tiny · tiny-tools\.gguf · .* · llama\.cpp in this tab/;

test('the catalogue shows size and licence first; a download cut off resumes from where it stopped, is checked, loads, and is kept for the next visit', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const playground = new PlaygroundPage(page);
  await mirrorNext(page);
  const response = await page.goto('/');
  // The page may connect to the catalogue's origins and no others (no Hugging Face here).
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(new RegExp(`connect-src 'self' [^;]*${MIRROR.replaceAll('.', '\\.')}`));
  expect(policy).not.toContain('huggingface');
  await playground.ready();
  const settings = await openModelSettings(playground);

  const chooser = settings.getByRole('combobox', { name: 'Model to download' });
  await expect(chooser.locator('option')).toHaveText([
    `Tiny test model · ${tinySize} · Apache-2.0`,
    `Tiny model with a wrong checksum · ${tinySize} · Apache-2.0`,
  ]);
  await expect(settings).toContainText(`to download from 127.0.0.1:${MODEL_MIRROR_PORT}, once, when you ask`);
  // Choosing the provider downloads nothing.
  expect(await mirrorAsked(page)).toEqual([]);

  await mirrorNext(page, { cutAfter: 200_000 });
  await settings.getByRole('button', { name: 'Download model' }).click();
  // The connection is lost once part of the file has arrived (and the page says so).
  const progress = settings.getByRole('progressbar', { name: 'Download progress' });
  await expect.poll(async () => Number(await progress.getAttribute('value'))).toBeGreaterThan(0);
  await mirrorCut(page);
  await expect(settings.getByRole('alert')).toContainText(
    /The download of Tiny test model stopped at .* of .*Download model" resumes it/,
  );
  await expect(settings).toContainText(/Partly downloaded: .* of /);

  await settings.getByRole('button', { name: 'Download model' }).click();
  await expect(settings.getByRole('status').filter({ hasText: 'llama.cpp in this tab' })).toHaveText(loadedStatus, {
    timeout: 60_000,
  });
  const asked = await mirrorAsked(page);
  expect(asked).toHaveLength(2);
  expect(asked[1]?.range).toMatch(/^bytes=(\d+)-$/);
  expect(Number(/\d+/.exec(asked[1]?.range ?? '')?.[0])).toBeGreaterThan(0);
  expect(Number(/\d+/.exec(asked[1]?.range ?? '')?.[0])).toBeLessThanOrEqual(200_000);

  // The next visit finds it kept: loading it asks the network for nothing.
  await mirrorNext(page);
  await page.reload();
  await playground.ready();
  const again = await openModelSettings(playground);
  await expect(again).toContainText('Downloaded in this browser');
  await again.getByRole('button', { name: 'Download model' }).click();
  await expect(again.getByRole('status').filter({ hasText: 'llama.cpp in this tab' })).toHaveText(loadedStatus, {
    timeout: 60_000,
  });
  expect(await mirrorAsked(page)).toEqual([]);

  await again.getByRole('button', { name: 'Remove downloaded models' }).click();
  await expect(again.getByRole('status').filter({ hasText: 'Removed' })).toHaveText(
    `Removed 1 downloaded model file: ${tinySize} freed.`,
  );
  await expect(again).toContainText('to download from');
  await expect(again.getByRole('button', { name: 'Remove downloaded models' })).toBeDisabled();
});

test('a file whose SHA-256 is not the publisher’s is deleted and never loaded; a cancelled download keeps what arrived', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const settings = await openModelSettings(playground);
  await settings.getByRole('combobox', { name: 'Model to download' }).selectOption('tiny-wrong-checksum');
  await settings.getByRole('button', { name: 'Download model' }).click();
  await expect(settings.getByRole('alert')).toContainText(
    /is not the one its publisher listed: its SHA-256 is [0-9a-f]{16}…, not abababababababab…\. It was deleted; nothing was loaded\./,
  );
  await expect(settings).toContainText('No model loaded');
  await expect(settings.getByRole('button', { name: 'Remove downloaded models' })).toBeDisabled();

  await settings.getByRole('combobox', { name: 'Model to download' }).selectOption('tiny-tools');
  await mirrorNext(page, { bytesPerSecond: 40_000 });
  await settings.getByRole('button', { name: 'Download model' }).click();
  const progress = settings.getByRole('progressbar', { name: 'Download progress' });
  await expect.poll(async () => Number(await progress.getAttribute('value'))).toBeGreaterThan(0);
  await settings.getByRole('button', { name: 'Cancel download' }).click();
  await expect(settings.getByRole('status').filter({ hasText: 'cancelled' })).toContainText(
    /Download cancelled at .* KB of .* KB; what arrived is kept, and "Download model" resumes it\./,
  );
  await expect(settings).toContainText('Partly downloaded');

  // A tab closed mid-download: the next one finds what arrived, and resumes from it.
  await mirrorNext(page, { bytesPerSecond: 40_000 });
  await settings.getByRole('button', { name: 'Download model' }).click();
  await expect.poll(async () => Number(await progress.getAttribute('value'))).toBeGreaterThan(0);
  const next = await page.context().newPage();
  await page.close();
  await mirrorNext(next);
  const nextPlayground = new PlaygroundPage(next);
  await nextPlayground.goto();
  const nextSettings = await openModelSettings(nextPlayground);
  await expect(nextSettings).toContainText('Partly downloaded');
  await nextSettings.getByRole('button', { name: 'Download model' }).click();
  await expect(nextSettings.getByRole('status').filter({ hasText: 'llama.cpp in this tab' })).toHaveText(loadedStatus, {
    timeout: 60_000,
  });
  expect((await mirrorAsked(next))[0]?.range).toMatch(/^bytes=[1-9]\d*-$/);
});

test('a link never starts a download: a viewer of a shared session made with the model in the browser is offered one, and nothing moves until they ask', async ({
  page,
  browser,
}) => {
  const author = new PlaygroundPage(page);
  await author.goto();
  await openModelSettings(author);
  await author.closeRunSettings();
  await page.getByRole('button', { name: 'Share' }).click();
  const url = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  await mirrorNext(page);

  const context = await browser.newContext();
  const viewer = new PlaygroundPage(await context.newPage());
  await viewer.page.goto(url);
  await expect(viewer.page.getByRole('note').filter({ hasText: 'Shared session, read-only' })).toBeVisible();
  await expect(viewer.page.getByRole('combobox', { name: 'Provider' })).toHaveValue('browser');
  // Opening it started nothing; making it theirs offers the catalogue, and still nothing moves.
  expect(await mirrorAsked(page)).toEqual([]);
  await viewer.page.getByRole('button', { name: 'Fork to edit' }).click();
  const settings = await viewer.openRunSettings();
  await expect(settings).toContainText(`to download from 127.0.0.1:${MODEL_MIRROR_PORT}, once, when you ask`);
  await expect(settings).toContainText('No model loaded');
  expect(await mirrorAsked(page)).toEqual([]);
  await context.close();
});
