import { readFromBytes, readGgufHeader } from '../../lib/providers/local-model/read-gguf-header';
import { type LocalModelInfo, readLocalModelInfo } from '../../lib/providers/local-model/read-local-model-info';
import { createNodeEngine, type NodeEngine } from './create-node-engine';

/**
 * A GGUF file loaded by llama.cpp in Node with what the playground reads of its header (template,
 * vocabulary, tool-call tokens) — or why not, in a sentence (the engine then disposed).
 */
export async function openModelFile(
  path: string,
  contextSize = 16_384,
): Promise<{ ok: true; engine: NodeEngine; info: LocalModelInfo } | { ok: false; error: string }> {
  let engine: NodeEngine;
  try {
    engine = await createNodeEngine(path, { contextSize });
  } catch (error) {
    return {
      ok: false,
      error: `llama.cpp could not load ${path}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const header = await readGgufHeader(readFromBytes(engine.modelBytes), engine.modelBytes.length);
  const info = header.ok ? readLocalModelInfo(header.header) : header;
  if (!info.ok) {
    await engine.dispose();
    return { ok: false, error: info.error };
  }
  return { ok: true, engine, info: info.info };
}

/** `openModelFile` for a test: the file must open. */
export async function openModelFileOrThrow(path: string, contextSize?: number) {
  const opened = await openModelFile(path, contextSize);
  if (!opened.ok) throw new Error(opened.error);
  return opened;
}
