import { describe, expect, it } from 'vitest';
import { decisionBadge, decisionBars, decisionMarkers, readStepDecision, stepDecisionOf } from './step-decision';

const part = (data: unknown) => [{ type: 'data-local', data }] as never;

describe('a step decision read from a session', () => {
  it('reads a well-formed decision, and draws tools most likely first, then text', () => {
    const decision = readStepDecision(
      part({
        decision: { text: 0.25, tools: { read_file: 0.15, list_files: 0.6 } },
        constrained: true,
        sampling: { temperature: 1, topP: 1, topK: 0, seed: 3 },
      }),
    );
    expect(decision).toEqual({
      text: 0.25,
      tools: { read_file: 0.15, list_files: 0.6 },
      constrained: true,
      sampling: { temperature: 1, topP: 1, topK: 0, seed: 3 },
    });
    if (!decision) throw new Error('no decision');
    expect(decisionBars(decision).map((bar) => bar.key)).toEqual(['list_files', 'read_file', '(text)']);
    expect(decisionMarkers(decision)).toEqual({ read_file: 0.15, list_files: 0.6, '(text)': 0.25 });
    expect(decisionBadge(decision)).toBe('P list_files 60% · text 25%');
  });

  it("unconstrained, what is left of 1 is 'anything else'", () => {
    const decision = readStepDecision(part({ decision: { text: 0.5, tools: { a: 0.3 } }, constrained: false }));
    if (!decision) throw new Error('no decision');
    const bars = decisionBars(decision);
    expect(bars.at(-1)).toEqual({ key: '(other)', label: 'anything else', probability: expect.closeTo(0.2, 9) });
  });

  it("reads the call's argument values, and drops a malformed set of them (the decision stays)", () => {
    const values = { unit: { '"celsius"': 0.7, '"fahrenheit"': 0.3 }, detailed: { true: 0.4, false: 0.6 } };
    expect(
      readStepDecision(part({ decision: { text: 0, tools: { w: 1 }, arguments: { tool: 'w', values } } }))?.arguments,
    ).toEqual({ tool: 'w', values });
    for (const broken of [
      { tool: 'w', values: { unit: { '"c"': 1.5 } } },
      { tool: 3, values },
      { tool: 'w', values: [values] },
      { tool: 'w', values: { unit: 'x' } },
    ]) {
      const read = readStepDecision(part({ decision: { text: 0, tools: { w: 1 }, arguments: broken } }));
      expect(read?.tools).toEqual({ w: 1 });
      expect(read?.arguments).toBeUndefined();
    }
  });

  it("refuses a stranger's malformed numbers", () => {
    expect(readStepDecision(part({ decision: { text: 2, tools: {} } }))).toBeUndefined();
    expect(readStepDecision(part({ decision: { text: 0.5, tools: { a: -1 } } }))).toBeUndefined();
    expect(readStepDecision(part({ decision: { text: 0.5, tools: ['a'] } }))).toBeUndefined();
    expect(readStepDecision(part('nope'))).toBeUndefined();
  });
});

describe('the decision of a step in the conversation', () => {
  it('is the data of the step it names (by message and step), and none elsewhere', () => {
    const messages = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          { type: 'text', text: 'first' },
          { type: 'step-start' },
          { type: 'data-local', data: { decision: { text: 0.1, tools: { ping: 0.9 } }, constrained: true } },
        ],
      },
    ] as never;
    expect(stepDecisionOf(messages, 'a1:step-2')).toMatchObject({ text: 0.1, tools: { ping: 0.9 } });
    expect(stepDecisionOf(messages, 'a1:step-1')).toBeUndefined();
    expect(stepDecisionOf(messages, 'a1:step-3')).toBeUndefined();
    expect(stepDecisionOf(messages, 'nope:step-1')).toBeUndefined();
    expect(stepDecisionOf(messages, 'not a step id')).toBeUndefined();
  });
});
