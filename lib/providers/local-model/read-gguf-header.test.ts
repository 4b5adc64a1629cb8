import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tinyGgufPath } from '../../../testing/tiny-gguf-path';
import { readFromBytes, readGgufHeader } from './read-gguf-header';
import { readLocalModelInfo } from './read-local-model-info';

const tiny = new Uint8Array(readFileSync(tinyGgufPath()));
const read = (bytes: Uint8Array) => readGgufHeader(readFromBytes(bytes), bytes.length);

/** A GGUF header of one string key, written by hand: magic, version 3, no tensors, one key. */
function oneKeyHeader(key: string, value: string, { claimedLength }: { claimedLength?: bigint } = {}): Uint8Array {
  const encoder = new TextEncoder();
  const parts: number[] = [];
  const u32 = (n: number) => parts.push(n & 255, (n >> 8) & 255, (n >> 16) & 255, (n >>> 24) & 255);
  const u64 = (n: bigint) => {
    for (let i = 0n; i < 8n; i++) parts.push(Number((n >> (8n * i)) & 255n));
  };
  const string = (text: string, length?: bigint) => {
    const bytes = encoder.encode(text);
    u64(length ?? BigInt(bytes.length));
    parts.push(...bytes);
  };
  parts.push(...encoder.encode('GGUF'));
  u32(3);
  u64(0n);
  u64(1n);
  string(key);
  u32(8);
  string(value, claimedLength);
  return Uint8Array.from(parts);
}

describe('readGgufHeader', () => {
  it("reads the tiny model's header: its template, vocabulary and tool-call tokens", async () => {
    const header = await read(tiny);
    if (!header.ok) throw new Error(header.error);
    expect(header.header.metadata.get('general.architecture')).toBe('llama');
    const info = readLocalModelInfo(header.header);
    if (!info.ok) throw new Error(info.error);
    expect(info.info.pieces).toHaveLength(264);
    expect(new TextDecoder().decode(info.info.pieces[info.info.toolCallOpen])).toBe('<tool_call>');
    expect(info.info.pieces[65]).toEqual(Uint8Array.of(65));
    expect(info.info.pieces[10]).toEqual(Uint8Array.of(10));
    expect(info.info.eosText).toBe('<|im_end|>');
  });

  it('refuses a file that is not GGUF, one cut short, and one that lies about a length, each with a sentence', async () => {
    const notGguf = await read(new TextEncoder().encode('{"this": "is JSON, not a model"}'));
    expect(notGguf).toEqual({ ok: false, error: expect.stringContaining('not a GGUF model file') });
    const cut = await read(tiny.subarray(0, 5000));
    expect(cut).toEqual({ ok: false, error: expect.stringContaining('cut short') });
    const lying = await read(oneKeyHeader('general.name', 'x', { claimedLength: 2n ** 40n }));
    expect(lying).toEqual({ ok: false, error: expect.stringContaining('claims') });
  });

  it('says when a model has no chat template, or one without tools', async () => {
    const bare = await read(oneKeyHeader('general.name', 'Bare'));
    if (!bare.ok) throw new Error(bare.error);
    expect(readLocalModelInfo(bare.header)).toEqual({
      ok: false,
      error: expect.stringContaining('Bare has no chat template'),
    });
    const chatOnly = await read(oneKeyHeader('tokenizer.chat_template', '{{ messages[0].content }}'));
    if (!chatOnly.ok) throw new Error(chatOnly.error);
    expect(readLocalModelInfo(chatOnly.header)).toEqual({
      ok: false,
      error: expect.stringContaining('no tool support'),
    });
  });
});
