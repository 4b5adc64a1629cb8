import { test } from 'vitest';
import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { decisionProbabilities } from '@/lib/providers/local-model/decision-probabilities';
import { readFromBytes, readGgufHeader } from '@/lib/providers/local-model/read-gguf-header';
import { readLocalModelInfo } from '@/lib/providers/local-model/read-local-model-info';
import { renderLocalPrompt } from '@/lib/providers/local-model/render-local-prompt';
import { CORE_TOOL_DEFINITIONS } from '@/lib/shapes/core-tool-definitions';
import { createNodeEngine } from '@/scripts/llama-node/create-node-engine';
import { tinyGgufPath } from '@/testing/tiny-gguf-path';
import { type Figure, measure, printFigures } from './measure';

/**
 * The local model on this machine (llama.cpp through node-llama-cpp, one thread, the tiny test
 * model with the eight core tools, a 6,000-token prompt): loading it, its first token after a new
 * user message (the tools' system prompt cached), a token of generation, and the decision's
 * probabilities (the playground's evaluations on top of the step).
 */
test('the local model: load, first token, tokens per second, decision probabilities', async () => {
  const path = tinyGgufPath();
  const figures: Figure[] = [];
  figures.push(
    await measure(
      'local model: load the tiny model',
      async () => (await createNodeEngine(path, { contextSize: 16_384 })).dispose(),
      5,
    ),
  );
  const engine = await createNodeEngine(path, { contextSize: 16_384 });
  try {
    const header = await readGgufHeader(readFromBytes(engine.modelBytes), engine.modelBytes.length);
    if (!header.ok) throw new Error(header.error);
    const info = readLocalModelInfo(header.header);
    if (!info.ok) throw new Error(info.error);
    const tools: LanguageModelV4FunctionTool[] = CORE_TOOL_DEFINITIONS.map((definition) => ({
      type: 'function',
      name: definition.name,
      description: definition.description,
      inputSchema: definition.parameters as LanguageModelV4FunctionTool['inputSchema'],
    }));
    let n = 0;
    const prompt = () => ({
      text: renderLocalPrompt(
        info.info,
        [{ role: 'user', content: [{ type: 'text', text: `Question ${n++}: list the files.` }] }],
        tools,
      ),
      tokens: [],
    });
    const sampling = { temperature: 1, topP: 1, topK: 0, seed: 1 };
    figures.push(
      await measure(
        'local model: first token after a new message',
        () => engine.generate({ prompt: prompt(), sampling, maxTokens: 1 }),
        10,
      ),
    );
    const fixed = prompt();
    const sixtyFour = await measure(
      'local model: 64 tokens',
      () =>
        engine.generate({
          prompt: fixed,
          sampling: { ...sampling, temperature: 0 },
          maxTokens: 64,
          bannedTokens: [...engine.eogTokens],
        }),
      5,
    );
    figures.push({
      ...sixtyFour,
      name: 'local model: per token',
      medianMs: sixtyFour.medianMs / 64,
      p95Ms: sixtyFour.p95Ms / 64,
    });
    figures.push(
      await measure(
        'local model: decision probabilities, 8 tools',
        () =>
          decisionProbabilities({
            engine,
            prompt: prompt(),
            pieces: info.info.pieces,
            openToken: info.info.toolCallOpen,
            names: tools.map((tool) => tool.name),
            choice: { kind: 'auto' },
          }),
        10,
      ),
    );
  } finally {
    await engine.dispose();
  }
  printFigures('The local model (node-llama-cpp, tiny model)', figures);
}, 300_000);
