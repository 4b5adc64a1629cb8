import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../shapes/tool-spec';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { applyRewrite, proposerPrompt, proposerTool, readProposals } from './rewrite-proposals';

const tool: ToolSpec = {
  name: 'get_weather',
  description: 'Weather.',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string', description: 'A city' }, unit: { type: 'string', enum: ['c', 'f'] } },
    required: ['city'],
  },
};
const request = {
  tool,
  failures: [{ prompt: 'Is it raining in Lyon?', expected: 'get_weather {"city":"Lyon"}', got: 'a text answer' }],
  count: 3,
  parameters: true,
};

describe('asking for rewrites and reading them', () => {
  it('shows the proposer the tool, the failures and the shape of the answer', () => {
    const { system, prompt } = proposerPrompt(request);
    expect(system).toMatch(/descriptions of tools/);
    expect(prompt).toContain('Current description: Weather.');
    expect(prompt).toContain(
      '1. Asked: Is it raining in Lyon?\n   Expected: get_weather {"city":"Lyon"}\n   Instead: a text answer',
    );
    expect(prompt).toContain('Write 3 different rewrites');
    expect(prompt).toContain('"parameters"');
    expect(proposerPrompt({ ...request, parameters: false }).prompt).toContain('Do not change the parameters.');
    const many = proposerPrompt({ ...request, failures: Array(30).fill(request.failures[0]) }).prompt;
    expect(many).toContain('(20 of 30)');
  });

  it('reads the JSON in an answer (fenced or not), keeps at most the count, drops repeats and unknown parameters', () => {
    const answer = `Here you go:\n\`\`\`json\n${JSON.stringify({
      rewrites: [
        {
          description: 'Current weather for a city. Use it whenever the user asks about weather.',
          parameters: { city: 'The city, e.g. "Lyon"', country: 'x' },
        },
        { description: 'Weather.' },
        { description: 'Current weather for a city. Use it whenever the user asks about weather.' },
        { description: 'Second.' },
        { description: 'Third.' },
        { description: 'Fourth.' },
      ],
    })}\n\`\`\``;
    const read = readProposals(answer, request);
    expect(read.problem).toBeUndefined();
    expect(read.rewrites.map((rewrite) => rewrite.description)).toEqual([
      'Current weather for a city. Use it whenever the user asks about weather.',
      'Second.',
      'Third.',
    ]);
    expect(read.rewrites[0].parameters).toEqual({ city: 'The city, e.g. "Lyon"' });
    expect(read.notes).toEqual(['A rewrite named a parameter the tool does not have (country): left out.']);
    expect(readProposals(answer, { ...request, parameters: false }).rewrites[0].parameters).toEqual({});
  });

  it('says why there is nothing to measure', () => {
    expect(readProposals('I cannot help with that.', request).problem).toMatch(/did not answer with/);
    expect(readProposals('{"rewrites": []}', request).problem).toMatch(/did not answer with/);
    expect(readProposals('{"rewrites": [{"description": "Weather."}]}', request).problem).toMatch(
      /current one or a repeat/,
    );
    expect(readProposals(`{"rewrites": [{"description": "${'x'.repeat(2_001)}"}]}`, request).problem).toMatch(
      /did not answer/,
    );
  });

  it('applies a rewrite to the description and the named parameters only', () => {
    const applied = applyRewrite(tool, { description: 'New.', parameters: { city: 'The city' } });
    expect(applied.description).toBe('New.');
    expect(applied.inputSchema).toEqual({
      ...tool.inputSchema,
      properties: { city: { type: 'string', description: 'The city' }, unit: { type: 'string', enum: ['c', 'f'] } },
    });
    expect(applyRewrite(tool, { description: 'Only this.', parameters: {} }).inputSchema).toBe(tool.inputSchema);
  });

  it('offers the proposer a tool whose arguments are the answer: the schema holds what is read, no more', () => {
    const checker = createSchemaChecker();
    const proposer = proposerTool(request);
    expect(proposer.name).toBe('propose_rewrites');
    expect(checker.checkSchema(proposer.inputSchema)).toEqual([]);
    const fits = { rewrites: [{ description: 'When it rains.', parameters: { city: 'The city.' } }] };
    expect(checker.checkValue(proposer.inputSchema, fits)).toEqual([]);
    expect(readProposals(JSON.stringify(fits), request).rewrites).toEqual([
      { description: 'When it rains.', parameters: { city: 'The city.' } },
    ]);
    // More than asked, a parameter the tool lacks, an empty description: the schema refuses each.
    const four = { rewrites: Array.from({ length: 4 }, (_, index) => ({ description: `R${index}` })) };
    expect(checker.checkValue(proposer.inputSchema, four)).not.toEqual([]);
    const unknown = { rewrites: [{ description: 'x', parameters: { country: 'y' } }] };
    expect(checker.checkValue(proposer.inputSchema, unknown)).not.toEqual([]);
    expect(checker.checkValue(proposer.inputSchema, { rewrites: [{ description: '' }] })).not.toEqual([]);
    // Parameters not asked for: not in the schema at all.
    const only = proposerTool({ ...request, parameters: false });
    expect(checker.checkValue(only.inputSchema, fits)).not.toEqual([]);
  });
});
