import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { generateLongSession } from '../../bench/generate-long-session';
import { pickSessionData } from '../session/session-file';
import { createSessionStore } from '../session/session-store';
import { TOOL_TEMPLATES } from '../tools/tool-templates';
import { craftLzBomb } from '../../testing/craft-lz-bomb';
import { linkPayloadText, makeShareLink, readLinkPayloadText, readShareFragment, SHARE_PREFIX } from './share-link';

const page = 'https://playground.example/';
const fragmentOf = (url: string) => url.slice(url.indexOf('#'));

function sampleSession() {
  const store = createSessionStore();
  store.getState().addTools([TOOL_TEMPLATES.find((template) => template.id === 'get_weather')!]);
  store.getState().setFiles({ ...store.getState().files, 'notes/new.txt': 'hello' });
  store.setState({ messages: generateLongSession('s', 1, 3) });
  return pickSessionData(store.getState());
}

describe('share links', () => {
  it('round-trip the whole session through the URL fragment', async () => {
    const session = sampleSession();
    const link = makeShareLink(session, `${page}#old`);
    expect(link.ok && link.url.startsWith(`${page}${SHARE_PREFIX}`)).toBe(true);
    expect(await readShareFragment(fragmentOf(link.ok ? link.url : ''))).toEqual({
      ok: true,
      session: JSON.parse(JSON.stringify(session)),
    });
  });

  it("carry eval cases and results; runs' conversations are left behind when they make the link too long", async () => {
    const session = sampleSession();
    const run = {
      caseId: 'c',
      variantId: 'current',
      configId: 'current',
      repeat: 0,
      pass: false,
      failures: [{ kind: 'missing-call' as const, message: 'Expected a call to get_weather; there was none.' }],
      ms: 12,
      inputTokens: 100,
      outputTokens: 5,
      messages: generateLongSession('r', 400, 3),
    };
    const withEvals = {
      ...session,
      evals: {
        ...session.evals,
        cases: [
          {
            id: 'c',
            prompt: 'Weather?',
            expect: { calls: [], noTool: true, order: 'any' as const, parallel: 'allowed' as const },
          },
        ],
        runs: [run],
      },
    };
    const link = makeShareLink(withEvals, page);
    expect(link.ok).toBe(true);
    const back = await readShareFragment(fragmentOf(link.ok ? link.url : ''));
    expect(back.ok && back.session.evals.cases).toEqual(withEvals.evals.cases);
    expect(back.ok && back.session.evals.runs).toEqual([{ ...run, messages: [] }]);
    const small = makeShareLink(
      { ...withEvals, evals: { ...withEvals.evals, runs: [{ ...run, messages: run.messages.slice(0, 2) }] } },
      page,
    );
    const smallBack = await readShareFragment(fragmentOf(small.ok ? small.url : ''));
    expect(smallBack.ok && smallBack.session.evals.runs[0].messages).toHaveLength(2);
  });

  it('refuse a session too large for a link, with its size', () => {
    const store = createSessionStore();
    let seed = 7;
    const noise = Array.from({ length: 150_000 }, () =>
      String.fromCharCode(33 + ((seed = (seed * 48271) % 2147483647) % 90)),
    ).join('');
    store.getState().setFiles({ 'data/noise.txt': noise });
    const link = makeShareLink(pickSessionData(store.getState()), page);
    expect(link).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /^This session makes a \d+ KB link, too long to share reliably as a link \(at most 64 KB\)\.$/,
      ),
    });
  });

  it('explain damaged, truncated, tampered and foreign links', async () => {
    const link = makeShareLink(sampleSession(), page);
    const fragment = fragmentOf(link.ok ? link.url : '');
    expect(await readShareFragment(fragment.slice(0, fragment.length / 2))).toMatchObject({
      ok: false,
      message: expect.stringContaining('damaged or cut short'),
    });
    expect(await readShareFragment('#share=2.abc')).toMatchObject({
      ok: false,
      message: expect.stringContaining('not a Tool Playground share link'),
    });
    const tampered = `${SHARE_PREFIX}${compressToEncodedURIComponent(JSON.stringify({ ...JSON.parse('{}'), tools: [], settings: { provider: 'skynet' } }))}`;
    expect(await readShareFragment(tampered)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^This share link cannot be opened: the session in it is not valid: /),
    });
    const fakeCore = `${SHARE_PREFIX}${compressToEncodedURIComponent(JSON.stringify({ tools: [{ core: 'rm_rf', id: 'x', enabled: true }], startingFiles: 'example' }))}`;
    expect(await readShareFragment(fakeCore)).toMatchObject({
      ok: false,
      message: expect.stringContaining('core tool "rm_rf"'),
    });
  });

  it('leave out what the receiving playground knows, and read it all back', async () => {
    const store = createSessionStore();
    const [first, second] = store.getState().tools;
    // One core tool answered by a mock, one edited: neither is the core tool the receiver knows.
    store.getState().setToolRun(first.id, { kind: 'mock', result: '{"ok": true}' });
    store.getState().updateToolSource(second.id, second.source.replace('"description": "', '"description": "Edited. '));
    // The files are the starting files, written in another order.
    const files = store.getState().files;
    store.getState().setFiles(Object.fromEntries(Object.entries(files).reverse()));
    const session = pickSessionData(store.getState());
    const payload = JSON.parse(linkPayloadText(session));
    const [a, b, ...rest] = payload.tools;
    expect(a).toMatchObject({ id: first.id, run: { kind: 'mock' } });
    expect(b.source).toContain('Edited. ');
    expect(rest.length).toBeGreaterThan(0);
    for (const tool of rest) expect(Object.keys(tool).sort()).toEqual(['core', 'enabled', 'id']);
    expect(payload.startingFiles).toBe('example');
    expect('files' in payload).toBe(false);
    const damaged = (why: string) => ({ ok: false as const, message: why });
    expect(await readLinkPayloadText(JSON.stringify(payload), damaged)).toEqual({
      ok: true,
      session: JSON.parse(JSON.stringify(session)),
    });
    // Starting files of its own travel as they are, and so do files that differ from them.
    const own = { ...session, startingFiles: { 'a.txt': 'A' }, files: { 'a.txt': 'B' } };
    const ownPayload = JSON.parse(linkPayloadText(own));
    expect(ownPayload.startingFiles).toEqual({ 'a.txt': 'A' });
    expect(ownPayload.files).toEqual({ 'a.txt': 'B' });
    const back = await readLinkPayloadText(JSON.stringify(ownPayload), damaged);
    expect(back.ok && [back.session.startingFiles, back.session.files]).toEqual([{ 'a.txt': 'A' }, { 'a.txt': 'B' }]);
  });

  it('say what is wrong with a payload: not JSON, not a session, a session that does not validate', async () => {
    const damaged = (why: string) => ({ ok: false as const, message: why });
    expect(await readLinkPayloadText('{"tools": [', damaged)).toEqual(damaged('its data is damaged or cut short'));
    for (const text of ['null', '"text"', '{"tools": {}}', '[]'])
      expect(await readLinkPayloadText(text, damaged), text).toEqual(damaged('it does not hold a session'));
    const invalid = await readLinkPayloadText(
      JSON.stringify({ tools: [], startingFiles: 'example', settings: 7 }),
      damaged,
    );
    expect(invalid.ok === false && invalid.message).toMatch(/^the session in it is not valid: .*[^.]$/);
  });

  it('never throws, whatever the fragment (fuzz: random and mutated links)', async () => {
    const link = makeShareLink(sampleSession(), page);
    const fragment = fragmentOf(link.ok ? link.url : '');
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$%#.=';
    let refused = 0;
    for (let round = 0; round < 400; round++) {
      const chars = [...fragment];
      const kind = round % 4;
      if (kind === 0)
        for (let i = 0; i < 1 + (round % 5); i++)
          chars[Math.floor(random() * chars.length)] = alphabet[Math.floor(random() * alphabet.length)];
      if (kind === 1) chars.splice(SHARE_PREFIX.length + Math.floor(random() * (chars.length - SHARE_PREFIX.length)));
      if (kind === 2)
        chars.splice(
          Math.floor(random() * chars.length),
          0,
          ...Array.from({ length: 8 }, () => alphabet[Math.floor(random() * alphabet.length)]),
        );
      const input =
        kind === 3
          ? SHARE_PREFIX +
            Array.from(
              { length: Math.floor(random() * 500) },
              () => alphabet[Math.floor(random() * alphabet.length)],
            ).join('')
          : chars.join('');
      const result = await readShareFragment(input);
      if (!result.ok) {
        refused += 1;
        expect(result.message).toMatch(/^This share link cannot be opened: /);
      }
    }
    expect(refused).toBeGreaterThan(300);
  });

  it('refuse a decompression bomb before inflating it, and a session nested 5,000 levels deep', async () => {
    const bomb = await readShareFragment(`${SHARE_PREFIX}${craftLzBomb(7070)}`);
    expect(bomb).toEqual({
      ok: false,
      message:
        'This share link cannot be opened: it unpacks to more than 10 MB. Ask for a new link, or for the session file.',
    });
    const deepText = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const call = { type: 'dynamic-tool', toolName: 'x', toolCallId: 'c', state: 'input-available', input: 'DEEP' };
    const payload = JSON.stringify({
      ...sampleSession(),
      tools: [],
      startingFiles: 'example',
      messages: [{ id: 'a', role: 'assistant', parts: [call] }],
    }).replace('"DEEP"', deepText);
    expect(await readShareFragment(`${SHARE_PREFIX}${compressToEncodedURIComponent(payload)}`)).toEqual({
      ok: false,
      message:
        'This share link cannot be opened: it nests deeper than 256 levels at line 1, column 1535. Ask for a new link, or for the session file.',
    });
  });
});
