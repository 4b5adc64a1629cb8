import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type { LocalModelAccess } from '../../lib/agent/answer-in-page';
import { createLocalModel } from '../../lib/providers/local-model/create-local-model';
import { readFromBytes, readGgufHeader } from '../../lib/providers/local-model/read-gguf-header';
import { readLocalModelInfo } from '../../lib/providers/local-model/read-local-model-info';
import { MODEL_ID_PATTERN } from '../../lib/shapes/run-settings-defaults';
import type { EvalConfig } from '../../lib/shapes/eval-run';
import { createNodeEngine, type NodeEngine } from './create-node-engine';

/**
 * A GGUF file as the eval's one configuration (`In your browser (no key)`, run here by
 * node-llama-cpp), or why it cannot be: no such file, not GGUF, no template with tools.
 */
export async function loadLocalModel(
  path: string,
): Promise<
  | { ok: true; config: EvalConfig; access: LocalModelAccess; dispose: () => Promise<void> }
  | { ok: false; error: string }
> {
  if (!existsSync(path)) return { ok: false, error: `there is no model file at ${path}.` };
  let engine: NodeEngine;
  try {
    engine = await createNodeEngine(path, { contextSize: 16_384 });
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
  const name = basename(path);
  const modelId = MODEL_ID_PATTERN.test(name) ? name : 'model.gguf';
  const model = createLocalModel({ engine, info: info.info, modelId });
  return {
    ok: true,
    config: { id: 'gguf', name: `${name} (llama.cpp)`, settings: { provider: 'browser', model: modelId } },
    access: async () => ({ ok: true, model }),
    dispose: () => engine.dispose(),
  };
}
