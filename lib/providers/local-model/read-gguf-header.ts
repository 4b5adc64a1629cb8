/*
 * The header of a GGUF file (llama.cpp's model format): its metadata, read from a stranger's file
 * without trusting it. Only the bytes the header spans are read (a chunk at a time, through
 * `read`), every length is checked against what is left and against a budget, and a file that is
 * not GGUF, is cut short or lies about a length is refused with a sentence, never a crash.
 * Spec: https://github.com/ggml-org/ggml/blob/master/docs/gguf.md
 */

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
/** The largest model file the browser's WebAssembly memory is asked to hold (3 GB). */
export const MAX_MODEL_BYTES = 3 * 2 ** 30;

export type ReadBytes = (offset: number, length: number) => Promise<Uint8Array>;

export type GgufValue = string | number | bigint | boolean | GgufValue[];

export type GgufHeader = {
  version: number;
  tensorCount: number;
  /** Each key's value; arrays of the keys in `SKIPPED` are left out (walked past, not kept). */
  metadata: Map<string, GgufValue>;
  /** Where the header ends (the tensor infos follow). */
  endOffset: number;
};

export type GgufRead = { ok: true; header: GgufHeader } | { ok: false; error: string };

const MAGIC = 0x46554747; // "GGUF", little-endian
const LIMITS = { headerBytes: 96 * 2 ** 20, keys: 10_000, stringBytes: 16 * 2 ** 20, arrayItems: 4_000_000 };
const CHUNK_BYTES = 2 ** 20;
/** Kept by length only: the BPE merges (a large array no one here reads). */
const SKIPPED = new Set(['tokenizer.ggml.merges']);
const SCALAR_BYTES: Record<number, number> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 };

class HeaderProblem extends Error {}

/** A cursor over the file that reads ahead one chunk at a time. */
class Cursor {
  private buffer: Uint8Array = new Uint8Array(0);
  private bufferStart = 0;
  offset = 0;
  private readonly decoder = new TextDecoder('utf-8', { fatal: false });
  constructor(
    private readonly read: ReadBytes,
    private readonly fileBytes: number,
  ) {}

  private async need(length: number): Promise<DataView> {
    if (this.offset + length > this.fileBytes)
      throw new HeaderProblem(
        `it ends at byte ${this.fileBytes.toLocaleString('en')}, inside its own header — the file is cut short`,
      );
    if (this.offset + length > LIMITS.headerBytes)
      throw new HeaderProblem(`its header is larger than ${LIMITS.headerBytes / 2 ** 20} MB, more than any model's`);
    const end = this.bufferStart + this.buffer.length;
    if (this.offset < this.bufferStart || this.offset + length > end) {
      const wanted = Math.min(Math.max(length, CHUNK_BYTES), this.fileBytes - this.offset);
      const bytes = await this.read(this.offset, wanted);
      if (bytes.length < length) throw new HeaderProblem('the file could not be read to the end of its header');
      this.buffer = bytes;
      this.bufferStart = this.offset;
    }
    const at = this.offset - this.bufferStart;
    this.offset += length;
    return new DataView(this.buffer.buffer, this.buffer.byteOffset + at, length);
  }

  async u32() {
    return (await this.need(4)).getUint32(0, true);
  }
  async u64(): Promise<number> {
    const value = (await this.need(8)).getBigUint64(0, true);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new HeaderProblem('a length in its header is impossibly large');
    return Number(value);
  }
  async string(): Promise<string> {
    const length = await this.u64();
    if (length > LIMITS.stringBytes)
      throw new HeaderProblem(
        `a text in its header claims ${length.toLocaleString('en')} bytes (at most ${LIMITS.stringBytes / 2 ** 20} MB)`,
      );
    const view = await this.need(length);
    return this.decoder.decode(new Uint8Array(view.buffer, view.byteOffset, length));
  }
  async skip(length: number) {
    while (length > 0) {
      const step = Math.min(length, CHUNK_BYTES);
      await this.need(step);
      length -= step;
    }
  }

  async scalar(type: number): Promise<GgufValue> {
    const view = await this.need(SCALAR_BYTES[type] ?? 0);
    switch (type) {
      case 0:
        return view.getUint8(0);
      case 1:
        return view.getInt8(0);
      case 2:
        return view.getUint16(0, true);
      case 3:
        return view.getInt16(0, true);
      case 4:
        return view.getUint32(0, true);
      case 5:
        return view.getInt32(0, true);
      case 6:
        return view.getFloat32(0, true);
      case 7:
        return view.getUint8(0) !== 0;
      case 10:
        return view.getBigUint64(0, true);
      case 11:
        return view.getBigInt64(0, true);
      case 12:
        return view.getFloat64(0, true);
      default:
        throw new HeaderProblem(`a value in its header has an unknown type (${type})`);
    }
  }

  async value(type: number, keep: boolean): Promise<GgufValue> {
    if (type === 8) return this.string();
    if (type !== 9) return this.scalar(type);
    const itemType = await this.u32();
    const count = await this.u64();
    if (count > LIMITS.arrayItems)
      throw new HeaderProblem(
        `an array in its header claims ${count.toLocaleString('en')} items (at most ${LIMITS.arrayItems.toLocaleString('en')})`,
      );
    if (itemType === 9) throw new HeaderProblem('its header nests arrays, which GGUF models do not');
    if (!keep) {
      if (itemType === 8) for (let index = 0; index < count; index++) await this.skip(await this.u64());
      else {
        const size = SCALAR_BYTES[itemType];
        if (size === undefined) throw new HeaderProblem(`an array in its header has an unknown type (${itemType})`);
        await this.skip(count * size);
      }
      return [];
    }
    const items: GgufValue[] = new Array(count);
    for (let index = 0; index < count; index++) items[index] = await this.value(itemType, true);
    return items;
  }
}

/** Reads a GGUF file's header, or says in a sentence why the file is not a model the playground can read. */
export async function readGgufHeader(read: ReadBytes, fileBytes: number): Promise<GgufRead> {
  const cursor = new Cursor(read, fileBytes);
  try {
    if (fileBytes < 24 || (await cursor.u32()) !== MAGIC)
      return {
        ok: false,
        error:
          'This is not a GGUF model file (it does not start with "GGUF"). Choose a .gguf file, as llama.cpp writes them.',
      };
    const version = await cursor.u32();
    if (version !== 2 && version !== 3)
      return { ok: false, error: `This GGUF file is version ${version}; the playground reads versions 2 and 3.` };
    const tensorCount = await cursor.u64();
    const keyCount = await cursor.u64();
    if (keyCount > LIMITS.keys) throw new HeaderProblem(`its header claims ${keyCount.toLocaleString('en')} keys`);
    const metadata = new Map<string, GgufValue>();
    for (let index = 0; index < keyCount; index++) {
      const key = await cursor.string();
      const type = await cursor.u32();
      metadata.set(key, await cursor.value(type, !SKIPPED.has(key)));
    }
    return { ok: true, header: { version, tensorCount, metadata, endOffset: cursor.offset } };
  } catch (error) {
    if (error instanceof HeaderProblem) return { ok: false, error: `This GGUF file cannot be read: ${error.message}.` };
    throw error;
  }
}

/** A reader over bytes already in memory (tests, a small file). */
export const readFromBytes =
  (bytes: Uint8Array): ReadBytes =>
  async (offset, length) =>
    bytes.subarray(offset, offset + length);
