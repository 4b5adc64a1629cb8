import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { generateLongSession } from '../bench/generate-long-session';
import { serializeSessionFile } from '../lib/session/session-file';
import { createSessionStore } from '../lib/session/session-store';
import { startPostgres } from '../testing/start-postgres';
import { PlaygroundPage } from './pages/playground-page';
import { startProductionServer } from './pages/production-server';

/** End-to-end encrypted short links (lib/share/CONTEXT.md). */

async function createShortLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('button', { name: 'Create short link' }).click();
  const box = page.getByRole('textbox', { name: 'Short link' });
  await expect(box).toHaveValue(/\/s\/[A-Za-z0-9_-]{22}#k=[A-Za-z0-9_-]{43}$/);
  return box.inputValue();
}

test('a 2,000-call session (about 1 MB) shared as a short link opens in a fresh browser, replays and forks', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const store = createSessionStore();
  store.getState().loadSession({ ...store.getState(), messages: generateLongSession('short', 20) }, { trusted: false });
  const file = serializeSessionFile(store.getState());
  expect(file.length).toBeGreaterThan(900_000);
  await page.getByLabel('Session file').setInputFiles({
    name: 'long.json',
    mimeType: 'application/json',
    buffer: Buffer.from(file),
  });
  await expect(playground.conversation.getByRole('article').last()).toContainText('All chapters read');
  const link = await createShortLink(page);
  // The server never sees the key: it is in the fragment.
  const requests: string[] = [];
  const viewer = await browser.newContext();
  const other = await viewer.newPage();
  other.on('request', (request) => requests.push(request.url()));
  try {
    await other.goto(link);
    await expect(other.getByRole('button', { name: 'Fork to edit' })).toBeVisible();
    const conversation = other.getByRole('region', { name: 'Conversation' });
    await expect(conversation.getByRole('article').last()).toContainText('All chapters read');
    expect(requests.some((url) => url.includes('#k=') || url.includes(link.split('#k=')[1]))).toBe(false);
    await other.getByRole('button', { name: 'Replay' }).click();
    await expect(other.getByRole('status').filter({ hasText: /^Replaying \d+ \/ \d+$/ })).toBeVisible();
    await other.getByRole('button', { name: 'Stop replay' }).click();
    await other.getByRole('button', { name: 'Fork to edit' }).click();
    await expect(other.getByRole('button', { name: 'Fork to edit' })).toHaveCount(0);
    await expect(other).toHaveURL(/\/$/);
  } finally {
    await viewer.close();
  }
});

test('a wrong key and a changed blob are refused with a sentence; Delete short link makes it 404', async ({
  page,
  browser,
  request,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');
  const link = await createShortLink(page);
  const [address, key] = link.split('#k=');
  const id = address.split('/s/')[1];

  // A changed blob: the server's bytes with one bit flipped, stored as a link of its own.
  const bytes = Buffer.from(await (await request.get(`/api/links/${id}`)).body());
  bytes[40] ^= 1;
  const tampered = (await (
    await request.post('/api/links', { data: { ciphertext: bytes.toString('base64url') } })
  ).json()) as { id: string };

  const viewer = await browser.newContext();
  const other = await viewer.newPage();
  try {
    const wrongKey = `${'A'.repeat(42)}E`;
    await other.goto(`${address}#k=${wrongKey}`);
    await expect(other.getByRole('alert').filter({ hasText: 'This short link cannot be opened' })).toContainText(
      'its key does not open it',
    );
    await expect(other.getByRole('button', { name: 'Fork to edit' })).toHaveCount(0);
    await other.goto(`${address.replace(id, tampered.id)}#k=${key}`);
    await expect(other.getByRole('alert').filter({ hasText: 'This short link cannot be opened' })).toContainText(
      'changed after it was made',
    );

    await page.getByRole('button', { name: 'Delete short link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Deleted' })).toBeVisible();
    expect((await request.get(`/api/links/${id}`)).status()).toBe(404);
    await other.goto(link);
    await expect(other.getByRole('alert').filter({ hasText: 'This short link cannot be opened' })).toContainText(
      'whoever made it deleted it',
    );
  } finally {
    await viewer.close();
  }
});

test('a server started with PLAYGROUND_LINK_STORE=off offers fragment links only', async ({ browser }) => {
  test.setTimeout(120_000);
  // A second production server, on its own port, with short links off.
  const server = await startProductionServer({ PLAYGROUND_LINK_STORE: 'off' });
  try {
    const { base } = server;
    const off = await fetch(`${base}/api/links`);
    expect(off.status).toBe(404);
    expect(((await off.json()) as { error: { code: string } }).error.code).toBe('links_off');
    const page = await browser.newPage();
    await page.goto(base);
    // A fresh server's first page: Share answers once the page is ready.
    await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'false');
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByRole('textbox', { name: 'Share link' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create short link' })).toHaveCount(0);
    await page.close();
  } finally {
    server.stop();
  }
});

test('the link route limits by client address — what the client writes in X-Forwarded-For moves nothing — and a full store answers 507', async () => {
  test.setTimeout(120_000);
  // A second production server behind a trusted proxy on this machine (this test plays it), with a store of at most 4 KB.
  const dataDir = mkdtempSync(join(tmpdir(), 'links-e2e-'));
  const server = await startProductionServer({
    PLAYGROUND_DATA_DIR: dataDir,
    PLAYGROUND_LINK_STORE_MAX_BYTES: '4096',
    // Here the rate limit and the store's end are tested; an address's share on its own (link-budget.test.ts).
    PLAYGROUND_LINK_CLIENT_SHARE_BYTES: '4096',
    PLAYGROUND_TRUSTED_PROXIES: '127.0.0.1',
  });
  try {
    const { base } = server;
    const upload = (bytes: number, forwardedFor: string) =>
      fetch(`${base}/api/links`, {
        method: 'POST',
        // The proxy appends the address it saw; what stands left of it the client wrote.
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': forwardedFor,
          'x-playground-peer': 'forged 1.2.3.4',
        },
        body: JSON.stringify({ ciphertext: Buffer.alloc(bytes).toString('base64url') }),
      });
    const statuses: number[] = [];
    for (let index = 0; index < 30; index++)
      statuses.push((await upload(64, `198.51.100.${index}, 203.0.113.7`)).status);
    expect(statuses).toEqual(Array(30).fill(201));
    // The 31st from the client the proxy saw is refused, whatever it wrote itself.
    const limited = await upload(64, '198.51.100.99, 203.0.113.7');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client, as the proxy says — and as only the server's own stamp of the socket lets it say.
    expect((await upload(64, '203.0.113.8')).status).toBe(201);
    // 31 × 64 bytes are kept; 3,000 more do not fit in 4 KB.
    const full = await upload(3_000, '203.0.113.9');
    expect(full.status).toBe(507);
    expect(((await full.json()) as { error: { message: string } }).error.message).toMatch(/short-link store is full/);
  } finally {
    server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('two instances on one PostgreSQL: the link limit holds across both, a link made on one opens on the other, a deleted one is gone on both', async () => {
  test.setTimeout(180_000);
  const postgres = await startPostgres();
  // Three links per client address in ten minutes, counted in the store both instances share.
  const env = { PLAYGROUND_LINK_STORE: postgres.url, PLAYGROUND_LINK_RATE_LIMIT: '3' };
  const [one, two] = await Promise.all([startProductionServer(env), startProductionServer(env)]);
  try {
    const sealed = Buffer.from('sealed by the browser; the server never reads it');
    const upload = (base: string) =>
      fetch(`${base}/api/links`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ciphertext: sealed.toString('base64url') }),
      });
    const made = await upload(one.base);
    expect(made.status).toBe(201);
    const { id, deleteToken } = (await made.json()) as { id: string; deleteToken: string };
    expect((await upload(two.base)).status).toBe(201);
    expect((await upload(one.base)).status).toBe(201);
    // The fourth, on either instance, is one too many.
    const fourth = await upload(two.base);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await upload(one.base)).status).toBe(429);
    // Made on one, opened on the other.
    const opened = await fetch(`${two.base}/api/links/${id}`);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).equals(sealed)).toBe(true);
    // Deleted on the other, gone on both.
    const deleted = await fetch(`${two.base}/api/links/${id}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deleteToken }),
    });
    expect(deleted.status).toBe(204);
    expect((await fetch(`${one.base}/api/links/${id}`)).status).toBe(404);
    expect((await fetch(`${two.base}/api/links/${id}`)).status).toBe(404);
  } finally {
    one.stop();
    two.stop();
    await postgres.stop();
  }
});

test('My short links lists the links this browser made, with their expiry, Copy and Delete short link', async ({
  page,
  request,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('combobox', { name: 'Short link expires' }).selectOption('1d');
  await page.getByRole('button', { name: 'Create short link' }).click();
  const link = await page.getByRole('textbox', { name: 'Short link' }).inputValue();
  const id = link.split('/s/')[1].split('#')[0];
  // The popover closes; the list still has the link and can delete it.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('button', { name: 'My short links' }).click();
  const dialog = page.getByRole('dialog', { name: 'My short links' });
  const entry = dialog.getByRole('listitem', { name: 'list the files and show me README.md' }).first();
  await expect(entry).toContainText(/expires \d+ \w+ \d{4}/);
  await expect(entry.getByRole('textbox', { name: /^Short link / })).toHaveValue(link);
  await expect(entry.getByRole('button', { name: 'Copy' })).toBeVisible();
  await entry.getByRole('button', { name: 'Delete short link' }).click();
  await expect(dialog.getByRole('textbox', { name: /^Short link / }).filter({ hasText: id })).toHaveCount(0);
  await expect(dialog.locator(`input[value="${link}"]`)).toHaveCount(0);
  expect((await request.get(`/api/links/${id}`)).status()).toBe(404);
});

test('a session too long for a fragment link: Share points at the short link, which embeds too; a dead short link is said in full', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const store = createSessionStore();
  store.getState().loadSession({ ...store.getState(), messages: generateLongSession('embed', 20) }, { trusted: false });
  await page.getByLabel('Session file').setInputFiles({
    name: 'long.json',
    mimeType: 'application/json',
    buffer: Buffer.from(serializeSessionFile(store.getState())),
  });
  await expect(playground.conversation.getByRole('article').last()).toContainText('All chapters read');
  await page.getByRole('button', { name: 'Share' }).click();
  const advice = page.getByRole('alert').filter({ hasText: 'too long to share reliably as a link' });
  await expect(advice).toContainText('Create a short link below instead');
  await expect(advice).not.toContainText('Export it as a file');
  await page.getByRole('button', { name: 'Create short link' }).click();
  const link = await page.getByRole('textbox', { name: 'Short link' }).inputValue();
  await page.getByRole('button', { name: 'Embed code' }).click();
  const snippet = await page.getByRole('textbox', { name: 'Embed snippet' }).inputValue();
  const id = link.split('/s/')[1].split('#')[0];
  expect(snippet).toContain(`/embed/s/${id}#k=${link.split('#k=')[1]}`);
  // The embed player opens the short link with no request of its own.
  const viewer = await browser.newContext();
  const player = await viewer.newPage();
  const requests: string[] = [];
  player.on('request', (each) => requests.push(each.url()));
  try {
    const embedAddress = /src="([^"]+)"/.exec(snippet)?.[1] ?? '';
    await player.goto(embedAddress);
    await expect(player.getByRole('region', { name: 'Conversation' }).getByRole('article').last()).toContainText(
      'All chapters read',
    );
    expect(requests.filter((url) => url.includes('/api/'))).toEqual([]);
    // A short link that does not exist: its sentence is under the header, whole.
    const dead = await viewer.newPage();
    await dead.setViewportSize({ width: 1366, height: 768 });
    await dead.goto(link.replace(id, 'A'.repeat(22)));
    const alert = dead.getByRole('alert').filter({ hasText: 'This short link cannot be opened' });
    await expect(alert).toContainText('Ask for a new link, or for the session file.');
    expect(await alert.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await dead.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  } finally {
    await viewer.close();
  }
});
