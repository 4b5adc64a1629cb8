import { installLlamaNode } from '../scripts/llama-node/install-llama-node';
import { tinyGgufPath } from './tiny-gguf-path';

/**
 * Vitest's global setup: the tiny test models written and node-llama-cpp installed once, before
 * any test file runs — several files use them at once, and two installs in one folder would clash.
 */
export default function prepareLocalModel() {
  tinyGgufPath();
  tinyGgufPath('chatty');
  installLlamaNode();
}
