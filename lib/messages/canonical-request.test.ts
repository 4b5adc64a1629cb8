import { describe, expect, it } from 'vitest';
import { runConversation } from '../../testing/run-conversation';
import { checkToolDrafts } from '../tools/check-tool-drafts';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { requestToolSpecs } from '../tools/request-tool-specs';
import { readStepReport } from '../wire/extract-wire-steps';
import { canonicalMessages, requestDigest } from './canonical-request';
import { messagesBeforeStep } from './messages-before-step';
import { splitSteps } from './split-steps';

describe('a request without what changes from run to run', () => {
  it("is the key the route keeps with each step: the request made again from the conversation has the step's key", async () => {
    const { store, messages } = await runConversation('list the files and show me README.md');
    const { tools, settings } = store.getState();
    const specs = requestToolSpecs(checkToolDrafts(tools, createSchemaChecker()).runnable);
    const assistant = messages[1];
    const steps = splitSteps(assistant);
    expect(steps.length).toBe(2);
    for (const [index, parts] of steps.entries()) {
      const before = messagesBeforeStep(messages, assistant.id, index + 1);
      if (!before) throw new Error('no step');
      expect(readStepReport(parts)?.sent?.request).toBe(requestDigest({ messages: before, tools: specs, settings }));
    }
  });

  it('numbers call ids by first appearance and leaves out message ids, data parts and states', () => {
    const one = canonicalMessages([
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          { type: 'text', text: 'calling', state: 'done' },
          {
            type: 'dynamic-tool',
            toolName: 'read_file',
            toolCallId: 'call_XYZ',
            state: 'output-available',
            input: { path: 'a' },
            output: 'x',
          },
          { type: 'data-step', data: { durationMs: 5 } },
        ],
      },
    ]);
    const two = canonicalMessages([
      { id: 'other', role: 'user', parts: [{ type: 'text', text: 'hi' }] },
      {
        id: 'a2',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          { type: 'text', text: 'calling' },
          {
            type: 'dynamic-tool',
            toolName: 'read_file',
            toolCallId: 'toolu_987',
            state: 'output-available',
            input: { path: 'a' },
            output: 'x',
          },
          { type: 'data-step', data: { durationMs: 900 } },
        ],
      },
    ]);
    expect(two).toEqual(one);
    expect(JSON.stringify(one)).toContain('"id":"call_1"');
  });
});
