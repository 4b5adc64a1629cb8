import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { CORE_TOOL_DEFINITIONS } from '../lib/shapes/core-tool-definitions';
import { formatToolSource } from '../lib/shapes/tool-source';
import { createInitialSession } from '../lib/session/initial-session';
import { pickSessionData } from '../lib/session/session-file';
import LZString from 'lz-string';
import { longestTaskSince, recordLongTasks } from './pages/long-tasks';
import { PlaygroundPage } from './pages/playground-page';

/** SECURITY.md: what a link from a stranger, another site or another tab must not be able to do. */

async function shareLinkOf(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Share' }).click();
  const url = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  return url;
}

test('every page carries the security headers; the handler frame has its own, stricter policy (item 9)', async ({
  request,
}) => {
  const page = await request.get('/');
  const headers = page.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(headers['content-security-policy']).toContain("object-src 'none'");
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect((await request.get('/api/providers')).headers()['x-content-type-options']).toBe('nosniff');
  const frame = (await request.get('/handler-frame')).headers();
  expect(frame['content-security-policy']).toMatch(/connect-src 'none'.*sandbox allow-scripts/);
  expect(frame['content-security-policy']).not.toContain("'unsafe-inline'");
});

test('another site cannot frame the playground (and click "Fork to edit")', async ({ page, baseURL }) => {
  // The other site is a real server on another loopback origin: a public one is already kept
  // off loopback by Chromium's local-network checks, so this tests the app's own headers.
  const attacker = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<h1>Win a prize</h1><iframe src="${baseURL}/#share=1.x" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = attacker.address() as AddressInfo;
    // The framed navigation happens (the app answers it) and the browser refuses to draw it.
    const answered = page.waitForResponse(
      (response) => response.url() === `${baseURL}/` && response.frame() !== page.mainFrame(),
    );
    await page.goto(`http://127.0.0.1:${port}/`);
    const response = await answered;
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers()['x-frame-options']).toBe('SAMEORIGIN');
    const framed = () => page.frames().find((frame) => frame !== page.mainFrame());
    await expect.poll(() => framed()?.url()).toBe('chrome-error://chromewebdata/');
    expect(await framed()?.evaluate(() => document.title)).not.toContain('Tool Playground');
  } finally {
    attacker.close();
  }
});

test('a shared session is read-only until "Fork to edit", and the list never acts on your own session (items 11, 12)', async ({
  page,
  browser,
}) => {
  const author = new PlaygroundPage(page);
  await author.goto();
  await author.sendMessage('list the files and show me README.md');
  const url = await shareLinkOf(page);

  // The viewer has a session of their own.
  const context = await browser.newContext();
  const viewer = new PlaygroundPage(await context.newPage());
  await viewer.goto();
  await viewer.sendMessage('list the files');
  const own = await viewer.nodeNames();

  await viewer.page.goto(url);
  await expect(viewer.page.getByRole('note').filter({ hasText: 'Shared session, read-only' })).toBeVisible();
  await expect(viewer.tools.getByRole('button', { name: 'Add tool' })).toBeDisabled();
  await expect(viewer.tools.getByRole('button', { name: 'Import tools' })).toBeDisabled();
  await expect(viewer.tools.getByRole('checkbox', { name: 'Use bash in runs' })).toBeDisabled();
  await expect(viewer.page.getByRole('combobox', { name: 'Provider' })).toBeDisabled();
  await expect(viewer.page.getByRole('button', { name: 'New file' })).toBeDisabled();
  await viewer.page.getByRole('button', { name: 'Session actions' }).click();
  await expect(viewer.page.getByRole('menuitem', { name: 'Delete session' })).toBeDisabled();
  await expect(viewer.page.getByRole('menuitem', { name: 'Rename session' })).toBeDisabled();
  await viewer.page.keyboard.press('Escape');
  await expect(
    viewer.page.getByRole('combobox', { name: 'Session', exact: true }).locator('option:checked'),
  ).toHaveText('Shared link (read-only)');
  await viewer.selectNode('Tool result list_files');
  await expect(viewer.inspector.getByRole('button', { name: 'Run from here' })).toBeDisabled();

  // Back to their own session: untouched.
  await viewer.page.getByRole('combobox', { name: 'Session', exact: true }).selectOption({ label: 'Session' });
  await expect.poll(() => viewer.nodeNames()).toEqual(own);
  await viewer.page.getByRole('button', { name: 'Session actions' }).click();
  await expect(viewer.page.getByRole('menuitem', { name: 'Delete session' })).toBeEnabled();
  await context.close();
});

test('two tabs on one session: an idle tab follows, a busy one is asked, nothing is lost silently (item 8)', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const a = new PlaygroundPage(await context.newPage());
  await a.goto();
  const b = new PlaygroundPage(await context.newPage());
  await b.goto();

  // B is idle: A's new tool shows up in B.
  await a.addToolFromTemplate('get_weather');
  await expect(b.tools.getByRole('button', { name: 'get_weather', exact: true })).toBeVisible();

  // A adds another tool; B has an unsaved change (saves wait 400 ms) when it hears of a newer
  // revision — the notice another tab sends, posted at once so the timing is certain.
  await a.tools.getByRole('button', { name: 'Add tool' }).click();
  await a.page.getByRole('menuitem', { name: 'calculator', exact: true }).click();
  await expect(b.tools.getByRole('button', { name: 'calculator', exact: true })).toBeVisible();
  // Typed and told in one task, so B's save (400 ms later) cannot slip in between, however slow the machine.
  await b.page.evaluate(() => {
    const box = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')!;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(box, 'a draft in B');
    box.dispatchEvent(new Event('input', { bubbles: true }));
    new BroadcastChannel('tool-playground:sessions').postMessage({
      name: 'tool-playground:session:default',
      rev: 1e9,
      tab: 'another-tab',
    });
  });
  await expect(b.message).toHaveValue('a draft in B');
  const conflict = b.page.getByRole('alert').filter({ hasText: 'This session was changed in another tab too' });
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: "Load the other tab's version" }).click();
  await expect(conflict).toHaveCount(0);
  await expect(b.message).toHaveValue('');
  await expect(b.tools.getByRole('button', { name: 'calculator', exact: true })).toBeVisible();

  // A fresh tab sees everything A added.
  const c = new PlaygroundPage(await context.newPage());
  await c.goto();
  await expect(c.tools.getByRole('button', { name: 'calculator', exact: true })).toBeVisible();
  await expect(c.tools.getByRole('button', { name: 'get_weather', exact: true })).toBeVisible();
  await context.close();
});

test('sessions saved by an earlier version in localStorage move to IndexedDB (item 8)', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files');
  const names = await playground.nodeNames();
  // Saves are gathered, then written: wait until the finished run is in IndexedDB.
  // The finished run, not a save made while the answer still streamed.
  await playground.savedRunFinished('Here is what I found');
  // Put the session back where 0.5 kept it, then reload.
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('tool-playground');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const store = db.transaction('sessions', 'readwrite').objectStore('sessions');
    const value = await new Promise<string>((resolve) => {
      const request = store.get('tool-playground:session:default');
      request.onsuccess = () => resolve(request.result as string);
    });
    localStorage.setItem('tool-playground:session:default', value);
    db.transaction('sessions', 'readwrite').objectStore('sessions').delete('tool-playground:session:default');
  });
  await page.reload();
  await expect.poll(() => playground.nodeNames()).toEqual(names);
  expect(await page.evaluate(() => localStorage.getItem('tool-playground:session:default'))).toBeNull();
  await context.close();
});

test('the app starts and runs in memory when the browser refuses storage, and shrugs off junk in it (item 13)', async ({
  browser,
}) => {
  const blocked = await browser.newContext();
  await blocked.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    Object.defineProperty(window, 'sessionStorage', {
      get: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    Object.defineProperty(window, 'indexedDB', {
      get: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  const playground = new PlaygroundPage(await blocked.newPage());
  await playground.goto();
  await expect(
    playground.page.getByRole('alert').filter({ hasText: 'does not let the playground store anything' }),
  ).toBeVisible();
  await playground.sendMessage('list the files');
  await expect(playground.node('Tool result list_files')).toHaveAccessibleName('Tool result list_files: ok');
  await blocked.close();

  const junk = await browser.newContext();
  await junk.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    for (const key of ['tool-playground:current-session', 'tool-playground:sessions', 'tool-playground.provider-keys'])
      localStorage.setItem(key, 'null');
    sessionStorage.setItem('tool-playground.provider-keys', 'null');
  });
  const other = new PlaygroundPage(await junk.newPage());
  await other.goto();
  await other.sendMessage('list the files');
  await expect(other.node('Tool result list_files')).toHaveAccessibleName('Tool result list_files: ok');
  await junk.close();
});

test('a link with 60,000 CJK letters in a tool description opens with the page answering: tokens are counted in a worker, within a budget', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Every main-thread task over 50 ms, from the first script on (the Long Tasks API).
  await recordLongTasks(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // gpt-tokenizer's merge is quadratic in one pre-token: a run of CJK letters with no space is one.
  const session = createInitialSession();
  const bash = CORE_TOOL_DEFINITIONS.find((definition) => definition.name === 'bash')!;
  session.tools = session.tools.map((tool) =>
    tool.id === 'tool-bash'
      ? { ...tool, source: formatToolSource({ ...bash, description: '漢字'.repeat(30_000) }) }
      : tool,
  );
  session.selectedToolId = 'tool-bash';
  // A fragment link as any maker may write one: the session's JSON, lz-string compressed.
  const link = `${baseURL}/#share=1.${LZString.compressToEncodedURIComponent(JSON.stringify(pickSessionData(session)))}`;

  await page.goto(link);
  const playground = new PlaygroundPage(page);
  // A shared session's definition reads as text until the viewer reaches for it: then the editor starts.
  await playground.editor.locator('pre').click();
  const lines = playground.editor.locator('.view-lines');
  await expect(lines).toContainText('counting tokens…', { timeout: 30_000 });
  const countingSince = await page.evaluate(() => performance.now());
  // While the worker counts, the page answers a click: the dialog opens before the count ends.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  // (The open dialog hides the rest from the accessibility tree; the editor is still on screen.)
  await expect(page.locator('[aria-label="Tool definition"] .view-lines')).toContainText('counting tokens…');
  await page.keyboard.press('Escape');
  // Past its budget the count is stopped (its worker ended) and says so.
  await expect(lines).toContainText('too long to count', { timeout: 30_000 });
  const longest = await longestTaskSince(page, countingSince);
  // Reported, not asserted (speed lives in bench/): the click above is what shows the page stayed free.
  test.info().annotations.push({ type: 'longest main-thread task while counting', description: `${longest} ms` });
  // The other tools are counted as usual.
  await playground.tools.getByRole('button', { name: 'read_file', exact: true }).click();
  await expect(lines).toContainText(/"name"\s*≈?\d+\stok/, { timeout: 30_000 });
  expect(errors).toEqual([]);
});

test('a cases file with a 128 KB run of blank lines, and a 2 MB promptfoo config, import with the page answering', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await recordLongTasks(page);
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  // Blank lines before the cases: a backtracking pattern took seconds on them, the page froze.
  const { writeFile } = await import('node:fs/promises');
  const blank = testInfo.outputPath('blank-lines.json');
  await writeFile(
    blank,
    `${'\n'.repeat(128 * 1024)}{"kind":"tool-playground-eval-cases","version":1,"cases":[{"id":"after-the-blanks","prompt":"hi","expect":{"noTool":true}}]}`,
  );
  const since = await page.evaluate(() => performance.now());
  await evals.getByLabel('Eval cases file').setInputFiles(blank);
  await expect(evals.getByRole('status').first()).toHaveText(/^1 case saved\./);
  // The figure is the bench's (hardening-browser: 200 ms on an idle machine); here a bound no load
  // reaches but the 15 s freeze of a backtracking pattern would.
  const blankLines = await longestTaskSince(page, since);
  test
    .info()
    .annotations.push({ type: 'longest task importing 128 KB of blank lines', description: `${blankLines} ms` });
  expect(blankLines).toBeLessThan(1_000);

  // A large promptfoo config is parsed in the cases-reader worker: the page answers a click meanwhile.
  const tests = Array.from(
    { length: 200 },
    (_, index) =>
      `  - description: "case ${index}"\n    vars: { city: "City ${index}" }\n    metadata: { notes: "${'x '.repeat(5_000)}" }\n`,
  ).join('');
  const config = testInfo.outputPath('large-promptfooconfig.yaml');
  await writeFile(
    config,
    `prompts:\n  - 'Weather in {{city}}?'\nproviders:\n  - id: openai:chat:gpt-4.1-mini\ntests:\n${tests}`,
  );
  const before = await page.evaluate(() => performance.now());
  await evals.getByLabel('Eval cases file').setInputFiles(config);
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(evals.getByRole('status').first()).toHaveText(/^Imported 200 cases from the promptfoo config/, {
    timeout: 60_000,
  });
  const largeConfig = await longestTaskSince(page, before);
  test
    .info()
    .annotations.push({ type: 'longest task importing a 2 MB promptfoo config', description: `${largeConfig} ms` });
  expect(largeConfig).toBeLessThan(1_000);
});
