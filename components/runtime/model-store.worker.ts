/// <reference lib="webworker" />
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { serveWorkerCalls } from '@/lib/platform/worker-calls';
import {
  completeName,
  MODELS_FOLDER,
  type ModelStoreAnswer,
  type ModelStoreRequest,
  partName,
  type StoredModelFile,
} from './model-store-protocol';

// The model store's worker: writes a download into the origin private file system through a
// synchronous access handle (each write lands in the file, so a closed tab loses nothing written
// and flushed) and hashes it as it goes (SHA-256, off the page's thread). One download at a time.

/** How often what was written is flushed to the disk (a closed tab keeps up to here). */
const FLUSH_EVERY = 8 * 2 ** 20;
const READ_CHUNK = 4 * 2 ** 20;

type Open = {
  sha256: string;
  file: FileSystemFileHandle;
  handle: FileSystemSyncAccessHandle;
  hash: ReturnType<typeof sha256.create>;
  offset: number;
  unflushed: number;
};
let open: Open | undefined;

const folder = async () => (await navigator.storage.getDirectory()).getDirectoryHandle(MODELS_FOLDER, { create: true });

async function list(): Promise<StoredModelFile[]> {
  const files: StoredModelFile[] = [];
  for await (const [name, entry] of (await folder()) as unknown as AsyncIterable<[string, FileSystemHandle]>) {
    const match = /^([0-9a-f]{64})\.(gguf|part)$/.exec(name);
    if (!match || entry.kind !== 'file') continue;
    const bytes =
      open?.sha256 === match[1] && match[2] === 'part'
        ? open.offset
        : (await (entry as FileSystemFileHandle).getFile()).size;
    files.push({ sha256: match[1] as string, bytes, complete: match[2] === 'gguf' });
  }
  return files;
}

function close() {
  if (!open) return;
  open.handle.flush();
  open.handle.close();
  open = undefined;
}

async function begin(wanted: string, fresh: boolean): Promise<number> {
  close();
  const file = await (await folder()).getFileHandle(partName(wanted), { create: true });
  const handle = await file.createSyncAccessHandle();
  if (fresh) handle.truncate(0);
  const hash = sha256.create();
  const size = handle.getSize();
  const buffer = new Uint8Array(READ_CHUNK);
  for (let at = 0; at < size; ) {
    const read = handle.read(buffer, { at });
    if (read <= 0) break;
    hash.update(buffer.subarray(0, read));
    at += read;
  }
  open = { sha256: wanted, file, handle, hash, offset: size, unflushed: 0 };
  return size;
}

function write(bytes: ArrayBuffer): number {
  if (!open) throw new Error('No download is open in the model store.');
  const view = new Uint8Array(bytes);
  const written = open.handle.write(view, { at: open.offset });
  open.hash.update(view.subarray(0, written));
  open.offset += written;
  open.unflushed += written;
  if (open.unflushed >= FLUSH_EVERY) {
    open.handle.flush();
    open.unflushed = 0;
  }
  return open.offset;
}

async function finish(): Promise<ModelStoreAnswer> {
  if (!open) throw new Error('No download is open in the model store.');
  const { sha256: wanted, file, hash } = open;
  close();
  const actual = bytesToHex(hash.digest());
  const dir = await folder();
  if (actual !== wanted) {
    await dir.removeEntry(partName(wanted));
    return { kind: 'finished', ok: false, actualSha256: actual };
  }
  await (file as FileSystemFileHandle & { move(name: string): Promise<void> }).move(completeName(wanted));
  return { kind: 'finished', ok: true };
}

async function removeAll(): Promise<ModelStoreAnswer> {
  close();
  const files = await list();
  const dir = await folder();
  for (const each of files) await dir.removeEntry(each.complete ? completeName(each.sha256) : partName(each.sha256));
  return { kind: 'removed', files: files.length, bytes: files.reduce((sum, each) => sum + each.bytes, 0) };
}

serveWorkerCalls<ModelStoreRequest, ModelStoreAnswer>(self as never, async (request) => {
  switch (request.kind) {
    case 'list':
      return { kind: 'listed', files: await list() };
    case 'begin':
      return { kind: 'begun', offset: await begin(request.sha256, request.fresh) };
    case 'write':
      return { kind: 'written', offset: write(request.bytes) };
    case 'finish':
      return finish();
    case 'pause':
      close();
      return { kind: 'paused' };
    case 'remove-all':
      return removeAll();
  }
});
