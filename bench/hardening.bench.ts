import { compressToEncodedURIComponent } from 'lz-string';
import { test } from 'vitest';
import { checkJsonDepth } from '@/lib/limits/check-json-depth';
import { INPUT_LIMITS } from '@/lib/limits/input-limits';
import { extractMessageValues } from '@/lib/providers/simulated/extract-message-values';
import { handleChatRequest } from '@/lib/server/handle-chat-request';
import { redactSecrets } from '@/lib/server/redact-secrets';
import { guardRouteRequest } from '@/lib/server/route-guard';
import { createRe2Validator } from '@/lib/server/mcp/create-re2-validator';
import { measureLzOutput } from '@/lib/share/measure-lz-output';
import { readShareFragment, SHARE_PREFIX } from '@/lib/share/share-link';
import { createSchemaChecker } from '@/lib/tools/create-schema-checker';
import { craftLzBomb } from '@/testing/craft-lz-bomb';
import { measure, printFigures } from './measure';

/** What the hardening guards cost on the paths every request and link takes, and what attacks now cost. */
test('hardening: the cost of the guards', async () => {
  const checker = createSchemaChecker();
  const schema = {
    type: 'object',
    properties: { s: { type: 'string', pattern: '^(a+)+$' }, id: { type: 'string', pattern: '^[a-z0-9_-]{1,64}$' } },
  };
  const attack = { s: `${'a'.repeat(30)}!`, id: 'abc' };
  const longAttack = { s: `${'a'.repeat(100_000)}!`, id: 'abc' };
  const messages = Array.from({ length: 400 }, (_, index) => ({
    id: `m${index}`,
    role: index % 2 ? 'assistant' : 'user',
    parts: [{ type: 'text', text: 'x'.repeat(10_000) }],
  }));
  const bigBody = JSON.stringify({ messages, tools: [], settings: { provider: 'simulated', model: 'simulated-1' } });
  const parsedBig = JSON.parse(bigBody);
  const tooBig = JSON.stringify({
    messages: [
      { id: 'u', role: 'user', parts: [{ type: 'text', text: 'x'.repeat(INPUT_LIMITS.maxChatBodyBytes + 1) }] },
    ],
    tools: [],
    settings: { provider: 'simulated', model: 'simulated-1' },
  });
  const deepBody = `{"messages":[{"id":"u","role":"user","parts":[{"type":"data-x","data":${'['.repeat(100_000)}${']'.repeat(100_000)}}]}],"tools":[],"settings":{"provider":"simulated","model":"simulated-1"}}`;
  const bomb = `${SHARE_PREFIX}${craftLzBomb(7070)}`;
  const realLink = `${SHARE_PREFIX}${compressToEncodedURIComponent(JSON.stringify({ text: 'y'.repeat(40_000) }))}`;
  const key = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789';
  const errorText = `Incorrect API key provided: ${key.slice(0, 12)}****${key.slice(-4)}. ${'Details. '.repeat(50)}`;
  const post = (body: string) =>
    handleChatRequest(new Request('http://local/api/chat', { method: 'POST', body }), { simulatedChunkDelayMs: 0 });

  printFigures('Hardening', [
    await measure('Ajv+RE2: "^(a+)+$" against 30 a\'s + "!"', () => checker.checkValue(schema, attack), 200),
    await measure('Ajv+RE2: "^(a+)+$" against 100,000 a\'s + "!"', () => checker.checkValue(schema, longAttack), 20),
    await measure('depth check of a 4 MB body (400 messages)', () => checkJsonDepth(parsedBig), 20),
    await measure('route: 5 MB + 1 body refused (413)', () => post(tooBig), 10),
    await measure('route: body nested 100,000 levels refused (400)', () => post(deepBody), 10),
    await measure('link: 10 KB bomb (25 M characters) measured and refused', () => readShareFragment(bomb), 50),
    await measure(
      'link: measuring a 40 KB-text link before inflating',
      () => measureLzOutput(realLink.slice(SHARE_PREFIX.length), INPUT_LIMITS.maxSessionChars),
      50,
    ),
    await measure('redacting a key from a 500-character error', () => redactSecrets(errorText, [key]), 200),
    await measure(
      'simulated model: places read from 1.2 MB of "in Oslo and " (linear, not quadratic)',
      () => extractMessageValues('in Oslo and '.repeat(100_000)),
      5,
    ),
  ]);
});

/** What the round-two guards (issues 30 and 32) cost on the paths every request takes. */
test('hardening round two: the route guard, redaction of disguised keys, an MCP output schema on RE2', async () => {
  const own = new Request('http://localhost:3000/api/chat', {
    method: 'POST',
    headers: {
      host: 'localhost:3000',
      origin: 'http://localhost:3000',
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
    },
    body: '{}',
  });
  const foreign = new Request('http://localhost:3000/api/chat', {
    method: 'POST',
    headers: { host: 'rebind.attacker.example:3000', 'content-type': 'text/plain' },
    body: '{}',
  });
  const key = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789';
  const longError = `The server said: ${'nothing to see here. '.repeat(500)}`;
  const validator = createRe2Validator().getValidator({
    type: 'object',
    properties: { s: { type: 'string', pattern: '^(a+)+$' } },
  });
  const attack = { s: `${'a'.repeat(40)}!` };
  const fileBody = (url: string) =>
    new Request('http://local/api/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [{ id: 'u', role: 'user', parts: [{ type: 'file', mediaType: 'text/plain', url }] }],
        tools: [],
        settings: { provider: 'simulated', model: 'simulated-1' },
      }),
    });
  printFigures('Hardening round two (issues 30, 32)', [
    await measure("route guard: this playground's own request let through", () => guardRouteRequest(own), 2_000),
    await measure('route guard: a DNS-rebinding request refused (421)', () => guardRouteRequest(foreign), 2_000),
    await measure(
      'redacting a key (and its reversed and base64 forms) from a 10 KB error without it',
      () => redactSecrets(longError, [key]),
      500,
    ),
    await measure('MCP outputSchema "^(a+)+$" against 40 a\'s + "!" on RE2', () => validator(attack), 200),
    await measure(
      'route: a message naming a URL refused before any download (400)',
      () => handleChatRequest(fileBody('http://127.0.0.1:9/100MB.bin'), { simulatedChunkDelayMs: 0 }),
      50,
    ),
  ]);
});

test('hardening round three: nesting measured before parsing, the uniqueItems bound, the link budget, the client address', async () => {
  const { findDeepNesting } = await import('@/lib/tools/from-code/find-deep-nesting');
  const { createSqliteLinkStore } = await import('@/lib/server/links/sqlite-link-store');
  const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
  const { asPlainText } = await import('@/lib/tools/token-xray');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const checker = createSchemaChecker();
  const deep = `export function deep(a: ${'{ a: '.repeat(3000)}string${' }'.repeat(3000)}) {}\n`;
  const wide = 'export function f(a: { b: string; c: number }) { return [1, 2, (3)]; }\n'.repeat(14_000);
  const unique = { type: 'object', properties: { rows: { type: 'array', uniqueItems: true } } };
  const tooMany = { rows: Array.from({ length: 100_000 }, (_, index) => ({ index })) };
  const justRight = { rows: Array.from({ length: 2_000 }, (_, index) => ({ index })) };
  const dir = mkdtempSync(join(tmpdir(), 'bench-links-'));
  const store = createSqliteLinkStore(join(dir, 'links.sqlite'));
  for (let index = 0; index < 1_000; index++)
    await store.put({
      id: `${String(index).padStart(22, 'x')}`,
      body: new Uint8Array(10_000),
      tokenHash: 'h',
      createdAtMs: 0,
      expiresAtMs: undefined,
      client: `client-${index % 50}`,
    });
  const budget = { maxBytes: 1024 ** 3, clientShareBytes: 64 * 1024 ** 2, shareWindowMs: 86_400_000 };
  const count = asPlainText(countTokens);
  try {
    printFigures('Hardening round three', [
      await measure(
        'nesting of a 3,000-deep TypeScript paste, refused before parsing',
        () => findDeepNesting(deep, 'typescript'),
        200,
      ),
      await measure(
        `nesting of a ${(wide.length / 1e6).toFixed(1)} MB paste of ordinary code`,
        () => findDeepNesting(wide, 'typescript'),
        20,
      ),
      await measure(
        'uniqueItems over 100,000 objects: refused by the bound',
        () => checker.checkValue(unique, tooMany),
        20,
      ),
      await measure('uniqueItems over 2,000 objects: checked by Ajv', () => checker.checkValue(unique, justRight), 20),
      await measure(
        'link budget: what 1,000 stored links and their author hold, and room taken, in one transaction (SQLite)',
        async () => {
          await store.reserve({ id: 'r', client: 'client-7', bytes: 20 * 1024 * 1024, deadlineMs: 60_000 }, 0, budget);
          await store.release('r');
        },
        200,
      ),
    ]);
    // gpt-tokenizer caches what it counted: each figure counts text it has not seen (random CJK letters).
    const cjk = (letters: number) =>
      Array.from({ length: letters }, () => String.fromCharCode(0x4e00 + Math.floor(Math.random() * 0x5000))).join('');
    const once = (letters: number) => {
      const text = cjk(letters);
      const started = performance.now();
      count(text);
      return `${letters.toLocaleString('en-US')} CJK letters without a space: ${(performance.now() - started).toFixed(0)} ms`;
    };
    console.log(
      `\nWhy token counting runs in a worker with a budget (one pre-token; the merge is quadratic in it)\n${[2_000, 8_000, 16_000].map(once).join('\n')}\n`,
    );
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
