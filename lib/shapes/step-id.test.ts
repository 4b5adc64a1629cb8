import { describe, expect, it } from 'vitest';
import { parseStepId, stepIdOf } from './step-id';

describe('step ids', () => {
  it('reads back what it writes, a message id with colons included', () => {
    expect(parseStepId(stepIdOf('msg:a:step-x', 3))).toEqual({ messageId: 'msg:a:step-x', step: 3 });
  });

  it.each([':step-1', 'msg', 'msg:step-0', 'msg:step-1.5', 'msg:step-', 'msg:step-x'])('refuses %j', (id) => {
    expect(parseStepId(id)).toBeUndefined();
  });
});
