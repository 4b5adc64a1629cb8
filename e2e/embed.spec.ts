import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './pages/axe';
import { PlaygroundPage } from './pages/playground-page';

/** The embed player, framed by a page of another origin. */

/** A run shared: its link and the Share popover's embed snippet. */
async function shareRun(page: Page): Promise<{ link: string; snippet: string }> {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');
  await page.getByRole('button', { name: 'Share' }).click();
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  await page.getByRole('button', { name: 'Embed code' }).click();
  const snippet = await page.getByRole('textbox', { name: 'Embed snippet' }).inputValue();
  return { link, snippet };
}

/** Another site: a page on a second loopback port holding `body`. */
async function otherSite(body: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><title>A course page</title></head><body>${body}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

test('another site frames the embed snippet and plays the run; framing the playground itself is refused', async ({
  page,
  browser,
  baseURL,
}) => {
  const { link, snippet } = await shareRun(page);
  expect(snippet).toMatch(
    /^<iframe src="http:\/\/localhost:\d+\/embed#share=1\.[^"]+" title="Tool Playground: list the files/,
  );

  const viewer = await browser.newContext();
  const course = await viewer.newPage();
  const apiRequests: string[] = [];
  course.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiRequests.push(request.url());
  });
  const site = await otherSite(
    `<h1>Lesson 3</h1>${snippet}<iframe src="${baseURL}/${link.slice(link.indexOf('#'))}" title="The playground" width="640" height="400"></iframe>`,
  );
  try {
    await course.goto(site.url);
    const embed = course.frameLocator('iframe[title^="Tool Playground"]');
    // The run plays: the conversation, the graph and the sequence, read-only.
    await expect(embed.getByRole('region', { name: 'Timeline' })).toBeVisible();
    await expect(embed.getByRole('group', { name: /^Tool call read_file/ })).toBeVisible();
    // The default frame leaves the graph room (at 640 × 400 it was a strip).
    const graph = await embed.getByRole('region', { name: 'Timeline' }).locator('.react-flow').boundingBox();
    expect(graph?.height ?? 0).toBeGreaterThanOrEqual(200);
    await embed.getByRole('tab', { name: 'Sequence' }).click();
    await expect(embed.getByRole('button', { name: /^Tool result read_file/ })).toHaveAccessibleDescription(
      /^result \(\S+\): /,
    );
    await expect(embed.getByRole('button', { name: 'Open in Tool Playground' })).toBeVisible();
    // Nothing to edit, run or fork in it.
    await expect(embed.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    await expect(embed.getByRole('button', { name: /Send|Fork to edit|Replay the run/ })).toHaveCount(0);

    // It fits its 640 × 600 frame: nothing scrolls sideways, and the graph has room.
    const frame = course.frames().find((each) => each.url().includes('/embed#share='));

    expect(await frame?.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
      0,
    );
    // It called no route. (Storage: see the phone test, where the player is the page itself;
    // framed by another site, the browser does not even let it reach its own storage.)
    expect(apiRequests).toEqual([]);

    // The playground itself refuses the frame.
    const refused = () => course.frames().find((each) => each.url() === 'chrome-error://chromewebdata/');
    await expect.poll(() => refused()?.url()).toBe('chrome-error://chromewebdata/');

    // Open in Tool Playground: the playground in a new tab, on the same link, read-only.
    const opened = course.waitForEvent('popup');
    await embed.getByRole('button', { name: 'Open in Tool Playground' }).click();
    const playground = await opened;
    await expect(playground).toHaveURL(/\/#share=1\./);
    await expect(playground.getByRole('button', { name: 'Fork to edit' })).toBeVisible();
  } finally {
    site.server.close();
    await viewer.close();
  }
});

test('on a phone the embed shows the run and the conversation as tabs, with no sideways scroll; axe finds nothing serious', async ({
  page,
  browser,
}) => {
  const { link } = await shareRun(page);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const player = await phone.newPage();
  try {
    await player.goto(link.replace('/#share=', '/embed#share='));
    const apiRequests: string[] = [];
    player.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiRequests.push(request.url());
    });
    await expect(player.getByRole('tab', { name: 'Run' })).toHaveAttribute('aria-selected', 'true');
    await expect(player.getByRole('group', { name: /^Tool call read_file/ })).toBeVisible();
    expect(await player.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
      0,
    );
    const found = await seriousViolations(player, 'embed phone run');
    await player.getByRole('tab', { name: 'Conversation' }).click();
    await expect(player.getByRole('region', { name: 'Conversation' })).toContainText(
      'list the files and show me README.md',
    );
    found.push(...(await seriousViolations(player, 'embed phone conversation')));
    await player.setViewportSize({ width: 1024, height: 640 });
    await expect(player.getByRole('region', { name: 'Conversation' })).toBeVisible();
    found.push(...(await seriousViolations(player, 'embed wide')));
    expect(found).toEqual([]);
    // It wrote nothing to storage and called no route.
    await player.getByRole('tab', { name: 'Sequence' }).click();
    expect(
      await player.evaluate(async () => ({
        local: localStorage.length,
        session: sessionStorage.length,
        databases: (await indexedDB.databases()).length,
        cookies: document.cookie,
      })),
    ).toEqual({ local: 0, session: 0, databases: 0, cookies: '' });
    expect(await phone.cookies()).toEqual([]);
    expect(apiRequests).toEqual([]);
  } finally {
    await phone.close();
  }
});

test('a broken link in the embed says why, and the player still draws', async ({ page }) => {
  await page.goto('/embed#share=1.broken');
  await expect(page.getByRole('alert').filter({ hasText: 'This share link cannot be opened' })).toBeVisible();
});

test('only the players (/embed, /embed/s/<id>) may be framed by any site; they may call no server at all', async ({
  request,
}) => {
  for (const player of ['/embed', `/embed/s/${'A'.repeat(22)}`]) {
    const embed = (await request.get(player)).headers();
    expect(embed['content-security-policy'], player).toContain('frame-ancestors *');
    expect(embed['content-security-policy'], player).toContain("connect-src 'none'");
    expect(embed['content-security-policy'], player).not.toContain("'unsafe-eval'");
    expect(embed['x-frame-options'], player).toBeUndefined();
    expect(embed['referrer-policy'], player).toBe('no-referrer');
  }
  for (const path of ['/', '/embedded', '/embed/s/x/y', '/api/providers'])
    expect((await request.get(path)).headers()['x-frame-options'], path).toBe('SAMEORIGIN');
});
