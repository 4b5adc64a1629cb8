import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type { LocalModelAccess } from '../../lib/agent/answer-in-page';
import { createLocalModel } from '../../lib/providers/local-model/create-local-model';
import { MODEL_ID_PATTERN } from '../../lib/shapes/run-settings-defaults';
import type { EvalConfig } from '../../lib/shapes/eval-run';
import { openModelFile } from './open-model-file';

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
  const opened = await openModelFile(path);
  if (!opened.ok) return opened;
  const { engine, info } = opened;
  const name = basename(path);
  const modelId = MODEL_ID_PATTERN.test(name) ? name : 'model.gguf';
  const model = createLocalModel({ engine, info, modelId });
  return {
    ok: true,
    config: { id: 'gguf', name: `${name} (llama.cpp)`, settings: { provider: 'browser', model: modelId } },
    access: async () => ({ ok: true, model }),
    dispose: () => engine.dispose(),
  };
}
