import nunjucks from 'nunjucks';
import { describe, expect, it } from 'vitest';
import {
  breakSyntax,
  decodeDumped,
  encodeForDump,
  holdsRef,
  holdsSyntax,
  inertRendered,
  inertShown,
  isPlainModelId,
  loaderPrefixOf,
  messagesPrompt,
} from './promptfoo-inert';

/*
 * The rules of promptfoo-inert.ts against Nunjucks itself (the version promptfoo 0.123.1 bundles),
 * configured as promptfoo configures it, on seeded random texts over the characters its syntax is
 * made of. The end-to-end check with promptfoo is promptfoo-export-hostile.test.ts.
 */

const engine = nunjucks.configure({ autoescape: false });
const render = (template: string, vars: object = {}) => engine.renderString(template, vars);

/** A seeded generator (mulberry32): the same texts on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const ALPHABET = ['{', '}', '%', '#', '-', '"', "'", '\\', ' ', 'a', 'env', '.', '|', '\ue000', '1', '2', '\n'];
const texts = (count: number, seed: number) => {
  const next = random(seed);
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(next() * 40) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join(''),
  );
};

describe('inertRendered (a string promptfoo renders once)', () => {
  it('renders to the text as written, on 5,000 seeded texts of template characters', () => {
    for (const text of texts(5_000, 1)) expect(render(inertRendered(text)), JSON.stringify(text)).toBe(text);
  });

  it('leaves text without syntax alone and turns a payload into text', () => {
    expect(inertRendered('plain { text } %} here')).toBe('plain { text } %} here');
    const payload = '{{ range.constructor("return 1")() }} {% if true %}x{% endif %} {# c #}';
    expect(render(inertRendered(payload))).toBe(payload);
  });
});

describe('breakSyntax and inertShown (a string rendered any number of times, or shown)', () => {
  it('leaves no syntax for any number of renders', () => {
    for (const text of texts(2_000, 2)) {
      const once = breakSyntax(text);
      expect(holdsSyntax(once), JSON.stringify(text)).toBe(false);
      expect(render(render(once))).toBe(once);
      expect(once.replaceAll('\u200b', '')).toBe(text.replaceAll('\u200b', ''));
    }
  });

  it('breaks a loader prefix at the start of a shown string', () => {
    expect(loaderPrefixOf(inertShown('file:///etc/hostname'))).toBeUndefined();
    expect(inertShown('file:///etc/hostname').slice(1)).toBe('file:///etc/hostname');
    expect(loaderPrefixOf('package:fs:readFileSync')).toBe('package:');
    expect(inertShown('a file:// in the middle')).toBe('a file:// in the middle');
  });
});

describe('encodeForDump (messages sent through `{{ messages | dump }}`)', () => {
  it('comes out of promptfoo’s prompt as written, on 5,000 seeded texts', () => {
    const written = texts(5_000, 3);
    const messages = written.map((text) => ({ role: 'user', content: encodeForDump(text) }));
    // No tag can open in what the file holds (a message is never rendered; only `{{ env… }}` is looked for).
    for (const message of messages) expect(message.content).not.toMatch(/\{[{%#]/);
    const sent = JSON.parse(render(messagesPrompt(true), { messages }));
    expect(sent.map((message: { content: string }) => message.content)).toEqual(written);
    expect(messages.map((message) => decodeDumped(message.content))).toEqual(written);
  });

  it('keeps plain text as it is, and the plain prompt for it', () => {
    expect(encodeForDump('no template here { }')).toBe('no template here { }');
    expect(JSON.parse(render(messagesPrompt(false), { messages: [{ role: 'user', content: 'hi' }] }))).toEqual([
      { role: 'user', content: 'hi' },
    ]);
  });
});

describe('what the export leaves out', () => {
  it('finds a $ref at any depth', () => {
    expect(holdsRef({ a: [{ b: { $ref: 'file:///x' } }] })).toBe(true);
    expect(holdsRef({ a: [{ b: { ref: '$ref' } }] })).toBe(false);
  });

  it('takes plain model ids only', () => {
    expect(isPlainModelId('gpt-4.1-mini')).toBe(true);
    expect(isPlainModelId('llama3.2:1b')).toBe(true);
    expect(isPlainModelId('accounts/fireworks/models/x@v1+2')).toBe(true);
    expect(isPlainModelId('m{{ env.OPENAI_API_KEY }}')).toBe(false);
    expect(isPlainModelId('a b')).toBe(false);
  });
});
