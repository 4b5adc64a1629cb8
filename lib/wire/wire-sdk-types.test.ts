import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { runConversation } from '../../testing/run-conversation';
import { checkToolDrafts } from '../tools/check-tool-drafts';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { extractWireSteps } from './extract-wire-steps';
import { renderWireStep } from './render-wire-step';
import type { WireStep } from './wire-types';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Type-checks values against the official `openai` package's own types (the TypeScript
 * compiler, the package's declarations): the diagnostics, one line each; none when they fit.
 */
function checkAgainstOpenAITypes(values: { responses: unknown[]; completions: unknown[] }): string[] {
  const file = join(ROOT, `.wire-sdk-types-${process.pid}.ts`);
  writeFileSync(
    file,
    [
      "import type { ChatCompletion } from 'openai/resources/chat/completions';",
      "import type { Response } from 'openai/resources/responses/responses';",
      // `output_text` is the SDK's own convenience, added on the client: not on the wire.
      `export const responses: Omit<Response, 'output_text'>[] = ${JSON.stringify(values.responses, null, 2)};`,
      `export const completions: ChatCompletion[] = ${JSON.stringify(values.completions, null, 2)};`,
    ].join('\n'),
  );
  try {
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
    });
    return ts
      .getPreEmitDiagnostics(program, program.getSourceFile(file))
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '));
  } finally {
    rmSync(file, { force: true });
  }
}

/** Steps of real runs with the simulated model: parallel calls, a final text answer, each tool choice. */
async function realSteps(): Promise<WireStep[]> {
  const steps: WireStep[] = [];
  for (const patch of [
    { parallelToolCalls: true, system: 'Be brief.', temperature: 0.4 },
    { parallelToolCalls: false, maxOutputTokens: 300 },
  ]) {
    const { store } = await runConversation('list the files and show me README.md', {
      configure: (target) => target.getState().updateSettings(patch),
    });
    const { messages, settings, tools } = store.getState();
    const specs = checkToolDrafts(tools, createSchemaChecker()).runnable.map((tool) => tool.spec);
    steps.push(...extractWireSteps(messages, settings, specs).values());
  }
  return steps;
}

/** The ends a run can have that the simulated model does not reach: cut short, filtered, a named tool. */
function edgeSteps(template: WireStep): WireStep[] {
  return [
    { ...template, response: { ...template.response, finishReason: 'length', toolCalls: [], text: 'The list is' } },
    { ...template, response: { ...template.response, finishReason: 'content-filter', toolCalls: [], text: '' } },
    {
      request: { ...template.request, toolChoice: { type: 'tool', toolName: 'read_file' }, tools: [] },
      response: { ...template.response, usage: undefined },
    },
  ];
}

describe('the normalised replies fit the official openai SDK types', () => {
  it("the Responses reply is the SDK's Response, the Chat Completions reply its ChatCompletion, for every step", async () => {
    const real = await realSteps();
    expect(real.length).toBeGreaterThanOrEqual(4);
    const steps = [...real, ...edgeSteps(real[0])];
    const problems = checkAgainstOpenAITypes({
      responses: steps.map((step) => renderWireStep(step, 'openai-responses').response),
      completions: steps.map((step) => renderWireStep(step, 'openai-chat').response),
    });
    expect(problems).toEqual([]);
    // The check can fail: the same reply without a setting the API echoes is refused.
    const { parallel_tool_calls: _dropped, ...without } = renderWireStep(steps[0], 'openai-responses')
      .response as Record<string, unknown>;
    expect(checkAgainstOpenAITypes({ responses: [without], completions: [] }).join('\n')).toContain(
      'parallel_tool_calls',
    );
  });
});
