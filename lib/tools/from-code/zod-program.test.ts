import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonSchema, type ToolSet, streamText, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleZodSandbox } from '@/scripts/build-vendor-assets.mjs';
import { prepareZodProgram, readZodProgramResult } from './zod-program';

const CORPUS = join(import.meta.dirname, '..', '..', '..', 'testing', 'tools-from-code', 'zod');
const FILES = readdirSync(CORPUS)
  .filter((file) => file.endsWith('.ts'))
  .sort();
const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => () => Promise<unknown>;

/** The tools a model receives from the AI SDK (`streamText` → the provider's call options), by name. */
async function sentTools(tools: ToolSet): Promise<Record<string, unknown>> {
  let sent: unknown[] = [];
  const model = new MockLanguageModelV3({
    doStream: async (options) => {
      sent = options.tools ?? [];
      return {
        stream: new ReadableStream({
          start(controller) {
            controller.enqueue({
              type: 'finish',
              finishReason: { unified: 'stop', raw: 'stop' },
              usage: {
                inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
                outputTokens: { total: 1, text: 1, reasoning: 0 },
              },
            });
            controller.close();
          },
        }),
      };
    },
  });
  await streamText({ model, prompt: 'hi', tools }).consumeStream();
  return Object.fromEntries((sent as { name: string }[]).map((each) => [each.name, each]));
}

let bundle: string;
beforeAll(async () => {
  bundle = await bundleZodSandbox();
}, 120_000);

describe('zod / AI SDK tools read in the sandbox agree with what the AI SDK sends', () => {
  it.each(FILES)('%s', async (file) => {
    const prepared = prepareZodProgram(ts, readFileSync(join(CORPUS, file), 'utf8'));
    if (!prepared.ok) throw new Error(prepared.problem.message);
    const result = readZodProgramResult(await new AsyncFunction(prepared.build(bundle))());
    if (!result) throw new Error('the program answered something else');

    // What an app using this very module sends, and what the playground sends for the JSON Schema it read.
    const module = (await import(join(CORPUS, file))) as Record<string, unknown>;
    const direct: ToolSet = {};
    for (const [name, value] of Object.entries(module)) {
      if (value && typeof value === 'object' && 'inputSchema' in value) direct[name] = value as ToolSet[string];
      else if (value && typeof value === 'object' && '_zod' in value)
        direct[name] = tool({
          description: (value as { description?: string }).description,
          inputSchema: value as never,
        });
      else Object.assign(direct, value);
    }
    const played: ToolSet = Object.fromEntries(
      result.tools.map(({ definition }) => [
        definition.name,
        tool({ description: definition.description, inputSchema: jsonSchema(definition.parameters) }),
      ]),
    );
    expect(result.tools.map((each) => each.definition.name).sort()).toEqual(Object.keys(direct).sort());
    expect(await sentTools(played)).toEqual(await sentTools(direct));
  });

  it('answers an import of anything but zod and ai with an error, and a syntax error with its place', async () => {
    const prepared = prepareZodProgram(
      ts,
      "import fs from 'node:fs';\nexport const x = fs.readFileSync('/etc/passwd');",
    );
    if (!prepared.ok) throw new Error(prepared.problem.message);
    await expect(new AsyncFunction(prepared.build(bundle))()).rejects.toThrow(
      'Only zod and ai can be imported here, not "node:fs".',
    );
    expect(prepareZodProgram(ts, 'const a = z.object({ b: z.string( });')).toMatchObject({
      ok: false,
      problem: { line: 1 },
    });
  });
});
