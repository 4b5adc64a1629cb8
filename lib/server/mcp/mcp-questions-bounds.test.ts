import { describe, expect, it } from 'vitest';
import { MAX_MCP_INPUT_ROUNDS } from '@/lib/shapes/mcp-input';
import { createMcpQuestions, type McpQuestion, type QuestionSink } from './mcp-questions';

const sink = (asked: McpQuestion[], signal?: AbortSignal): QuestionSink => ({
  rounds: 0,
  signal,
  onQuestion: (question) => asked.push(question),
});

describe('the questions of one MCP connection', () => {
  it('with no call to ask through, a question is cancelled at once', async () => {
    expect(await createMcpQuestions().ask('Name?', {})).toEqual({ action: 'cancel' });
  });

  it("goes to the call that asked and waits for the person's answer; an unknown id answers nothing", async () => {
    const questions = createMcpQuestions();
    const asked: McpQuestion[] = [];
    const answered = questions.within(sink(asked), () => questions.ask('Name?', { type: 'object' }));
    expect(asked).toEqual([
      { id: expect.stringMatching(/^in-[A-Za-z0-9]{24}$/), message: 'Name?', requestedSchema: { type: 'object' } },
    ]);
    expect(questions.answer('in-AAAAAAAAAAAAAAAAAAAAAAAA', { action: 'decline' })).toBe(false);
    expect(questions.answer(asked[0].id, { action: 'accept', content: { name: 'Ada' } })).toBe(true);
    expect(await answered).toEqual({ action: 'accept', content: { name: 'Ada' } });
    // Answered once: a second answer to the same question finds nothing waiting.
    expect(questions.answer(asked[0].id, { action: 'decline' })).toBe(false);
  });

  it(`a call asks at most ${MAX_MCP_INPUT_ROUNDS} times; then each question is cancelled without reaching the person`, async () => {
    const questions = createMcpQuestions();
    const asked: McpQuestion[] = [];
    const answers = await questions.within(sink(asked), async () => {
      const all = [];
      for (let round = 0; round <= MAX_MCP_INPUT_ROUNDS; round++) {
        const answer = questions.ask(`Round ${round}?`, {});
        const question = asked[round];
        if (question) questions.answer(question.id, { action: 'decline' });
        all.push(await answer);
      }
      return all;
    });
    expect(asked).toHaveLength(MAX_MCP_INPUT_ROUNDS);
    expect(answers.at(-1)).toEqual({ action: 'cancel' });
    expect(answers.slice(0, -1).every((answer) => answer.action === 'decline')).toBe(true);
  });

  it('a call stopped while its question waits cancels the question', async () => {
    const questions = createMcpQuestions();
    const stop = new AbortController();
    const asked: McpQuestion[] = [];
    const answered = questions.within(sink(asked, stop.signal), () => questions.ask('Name?', {}));
    stop.abort();
    expect(await answered).toEqual({ action: 'cancel' });
    expect(questions.answer(asked[0].id, { action: 'decline' })).toBe(false);
  });
});
