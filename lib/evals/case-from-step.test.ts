import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { caseFromStep } from './case-from-step';
import { evalCaseSchema } from '../shapes/eval-case';

const messages: UIMessage[] = [
  { id: 'u0', role: 'user', parts: [{ type: 'text', text: 'hello' }] },
  { id: 'a0', role: 'assistant', parts: [{ type: 'text', text: 'Hi.' }] },
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'show me README.md' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      {
        type: 'dynamic-tool',
        toolName: 'read_file',
        toolCallId: 'c1',
        state: 'output-available',
        input: { path: 'README.md' },
        output: 'x',
      },
      { type: 'step-start' },
      { type: 'text', text: 'It says x.' },
    ],
  },
];

describe('Save as test case', () => {
  it('a step with calls: its user message is the prompt, the calls are expected as they were', () => {
    const made = caseFromStep(messages, { messageId: 'a1', step: 1 }, new Set(['saved-1']));
    expect(made).toEqual({
      id: 'saved-2',
      prompt: 'show me README.md',
      messages: [
        { role: 'user', text: 'hello' },
        { role: 'assistant', text: 'Hi.' },
      ],
      expect: {
        calls: [{ tool: 'read_file', args: { path: { equals: 'README.md' } } }],
        order: 'any',
        parallel: 'allowed',
      },
    });
    expect(evalCaseSchema.safeParse(made).success).toBe(true);
  });

  it('a step that answered expects no tool; a user node takes the first step of its answer', () => {
    expect(caseFromStep(messages, { messageId: 'a1', step: 2 }, new Set())?.expect).toMatchObject({
      noTool: true,
      calls: [],
    });
    expect(caseFromStep(messages, { messageId: 'u1', step: 1 }, new Set())?.expect.calls).toHaveLength(1);
    expect(caseFromStep(messages, { messageId: 'nope', step: 1 }, new Set())).toBeUndefined();
  });
});
