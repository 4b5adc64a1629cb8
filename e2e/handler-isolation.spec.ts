import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

/**
 * SECURITY.md: a JavaScript handler (which a share link can carry) reaches no network
 * and no storage of the app's, by any route — the browser enforces it, not a deletion list.
 */
let listener: Server;
let hits: string[] = [];
let port = 0;
test.beforeAll(async () => {
  listener = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    response
      .writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/javascript' })
      .end('export default 1;');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
});
test.afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));
test.beforeEach(() => {
  hits = [];
});

/** Tries every way out a worker has; returns the names of those that did not fail. */
const probeHandler = (target: string) => `
const target = ${JSON.stringify(target)};
const ws = target.replace('http', 'ws');
const outcomes = {};
const attempt = async (name, open) => {
  try {
    await Promise.race([open(), new Promise((_, reject) => setTimeout(() => reject(new Error('no answer')), 1500))]);
    outcomes[name] = 'ALLOWED';
  } catch (error) {
    outcomes[name] = 'blocked';
  }
};
await attempt('fetch', () => fetch(target + '/fetch'));
await attempt('prototype fetch', () => WorkerGlobalScope.prototype.fetch.call(self, target + '/proto'));
await attempt('globalThis fetch', () => Object.getPrototypeOf(Object.getPrototypeOf(globalThis)).fetch.call(globalThis, target + '/chain'));
await attempt('import()', () => import(target + '/module.js'));
await attempt('importScripts', async () => importScripts(target + '/script.js'));
await attempt('XMLHttpRequest', () => new Promise((resolve, reject) => { const xhr = new XMLHttpRequest(); xhr.open('GET', target + '/xhr'); xhr.onload = resolve; xhr.onerror = reject; xhr.send(); }));
await attempt('WebSocket', () => new Promise((resolve, reject) => { const socket = new WebSocket(ws + '/ws'); socket.onopen = resolve; socket.onerror = reject; }));
await attempt('WebSocketStream', () => new WebSocketStream(ws + '/wss').opened);
await attempt('WebTransport', () => new WebTransport('https://127.0.0.1:' + new URL(target).port + '/wt').ready);
await attempt('EventSource', () => new Promise((resolve, reject) => { const source = new EventSource(target + '/sse'); source.onopen = resolve; source.onerror = reject; }));
await attempt('nested worker fetch', () => new Promise((resolve, reject) => {
  const url = URL.createObjectURL(new Blob(['fetch(' + JSON.stringify(target + '/nested') + ').then(() => postMessage(1), () => postMessage(0))'], { type: 'text/javascript' }));
  const worker = new Worker(url);
  worker.onmessage = (event) => (event.data === 1 ? resolve() : reject(new Error('blocked')));
  worker.onerror = reject;
}));
await attempt('OPFS', () => navigator.storage.getDirectory());
await attempt('IndexedDB', () => new Promise((resolve, reject) => { const request = indexedDB.open('steal'); request.onsuccess = resolve; request.onerror = () => reject(request.error); }));
await attempt('Cache storage', () => caches.open('steal'));
await attempt('parent page', async () => { if (typeof document !== 'undefined' || typeof parent !== 'undefined' || typeof localStorage !== 'undefined') return; throw new Error('no page'); });
const allowed = Object.keys(outcomes).filter((name) => outcomes[name] === 'ALLOWED');
return { tried: Object.keys(outcomes).length, allowed: allowed.join(',') || 'none' };
`;

async function useHandler(playground: PlaygroundPage, code: string, timeoutMs?: number) {
  await playground.addToolFromTemplate('get_weather');
  await playground.tools.getByRole('combobox', { name: 'Runs as' }).selectOption('javascript');
  const editor = playground.tools.getByRole('group', { name: 'Handler code' });
  await expect(editor.locator('.view-lines')).toContainText('return');
  await playground.pasteInto(editor, code);
  if (timeoutMs)
    await playground.tools.getByRole('spinbutton', { name: 'Handler timeout (ms)' }).fill(String(timeoutMs));
}

test('a handler reaches no network and no storage, by any route', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await useHandler(playground, probeHandler(`http://127.0.0.1:${port}`), 15_000);
  await playground.sendMessage("what's the weather in Paris?");
  await expect(playground.node('Tool result get_weather')).toHaveAccessibleName('Tool result get_weather: ok');
  const answer = playground.conversation.getByRole('article', { name: 'Assistant' }).last();
  await expect(answer).toContainText('"tried": 15');
  await expect(answer).toContainText('"allowed": "none"');
  expect(hits).toEqual([]);
});

test('an endless loop and a runaway allocation are stopped; the page stays responsive', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await useHandler(playground, 'while (true) {}', 1000);
  await playground.sendMessage("what's the weather in Paris?");
  await expect(playground.node('Tool result get_weather')).toHaveAccessibleName('Tool result get_weather: error');
  await expect(playground.conversation.getByRole('article', { name: 'Assistant' }).last()).toContainText('timed out');

  await playground.pasteInto(
    playground.tools.getByRole('group', { name: 'Handler code' }),
    'const hoard = []; for (;;) hoard.push(new Float64Array(1 << 20).fill(Math.random()));',
  );
  await playground.tools.getByRole('spinbutton', { name: 'Handler timeout (ms)' }).fill('3000');
  await playground.sendMessage("what's the weather in Oslo?");
  await expect(playground.node('Tool result get_weather').last()).toHaveAccessibleName(
    'Tool result get_weather: error',
  );
  // The page still answers.
  await playground.message.fill('still here');
  await expect(playground.message).toHaveValue('still here');
  expect(await page.evaluate(() => 6 * 7)).toBe(42);
});

test('a handler cannot cancel its own time limit: a fake "ready" from inside the sandbox is not heard', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  // Before the fix the page took this for the frame starting, restarted the clock and sent the call again.
  await useHandler(
    playground,
    "for (let i = 0; i < 20; i++) self.postMessage({ kind: 'ready' });\nawait new Promise((resolve) => setTimeout(resolve, 60000));\nreturn 'late';",
    500,
  );
  await playground.sendMessage("what's the weather in Paris?");
  await expect(playground.node('Tool result get_weather')).toHaveAccessibleName('Tool result get_weather: error');
  await expect(playground.conversation.getByRole('article', { name: 'Assistant' }).last()).toContainText(
    'timed out after 500 ms',
  );
});
