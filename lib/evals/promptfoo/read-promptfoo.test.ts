import { describe, expect, it } from 'vitest';
import { commaSeparated } from './promptfoo-assertions';
import { looksLikePromptfoo, readPromptfooSuite } from './read-promptfoo';

const read = (text: string) => {
  const suite = readPromptfooSuite(text);
  if (!suite.ok) throw new Error(suite.message);
  return suite;
};

const TOOLS = `      tools:
        - type: function
          function:
            name: get_weather
            description: The weather
            parameters: { type: object, properties: { city: { type: string } }, required: [city] }
`;

describe('readPromptfooSuite', () => {
  it('makes a case of each test × prompt, vars filled in (the default test first), and a configuration of each provider', () => {
    const suite = read(`description: weather
prompts:
  - 'Weather in {{ city }}?'
  - id: chat
    label: chat
    raw: '[{"role":"system","content":"Be brief."},{"role":"user","content":"Hi"},{"role":"assistant","content":"Hello"},{"role":"user","content":"And {{city}}?"}]'
providers:
  - id: openai:chat:gpt-4.1-mini
    label: mini
    config:
      temperature: 0.3
      max_tokens: 200
      tool_choice: { type: function, function: { name: get_weather } }
      apiBaseUrl: https://llm.example.com/v1
${TOOLS}  - anthropic:messages:claude-sonnet-4-5
  - google:gemini-2.5-flash
  - ollama:chat:llama3.2
  - bedrock:anthropic.claude-v2
defaultTest:
  vars: { city: Oslo }
  assert:
    - type: is-json
tests:
  - description: paris
    vars: { city: Paris }
  - vars: {}
evaluateOptions: { repeat: 3, maxConcurrency: 2 }
`);
    expect(suite.cases.map((each) => each.id)).toEqual([
      'paris · prompt 1',
      'paris · chat',
      'test 2 · prompt 1',
      'test 2 · chat',
    ]);
    expect(suite.cases[0]).toMatchObject({ prompt: 'Weather in Paris?', expect: { output: [{ isJson: true }] } });
    expect(suite.cases[1]).toMatchObject({
      system: 'Be brief.',
      messages: [
        { role: 'user', text: 'Hi' },
        { role: 'assistant', text: 'Hello' },
      ],
      prompt: 'And Paris?',
    });
    expect(suite.cases[2].prompt).toBe('Weather in Oslo?');
    expect(suite.configs).toEqual([
      {
        name: 'mini',
        settings: {
          provider: 'openai',
          model: 'gpt-4.1-mini',
          openaiApi: 'chat',
          mode: 'native',
          baseURL: 'https://llm.example.com/v1',
          temperature: 0.3,
          maxOutputTokens: 200,
          toolChoice: { type: 'tool', toolName: 'get_weather' },
        },
      },
      {
        name: 'anthropic:messages:claude-sonnet-4-5',
        settings: { provider: 'anthropic', model: 'claude-sonnet-4-5', mode: 'native' },
      },
      { name: 'google:gemini-2.5-flash', settings: { provider: 'google', model: 'gemini-2.5-flash', mode: 'native' } },
      {
        name: 'ollama:chat:llama3.2',
        settings: {
          provider: 'openai-compatible',
          model: 'llama3.2',
          baseURL: 'http://localhost:11434/v1',
          mode: 'native',
        },
      },
    ]);
    expect(suite.notes).toContain('bedrock:anthropic.claude-v2 is not a provider the playground runs: left out.');
    expect(suite.tools?.map((tool) => JSON.parse(tool.source).name)).toEqual(['get_weather']);
    expect(suite).toMatchObject({ repeats: 3, concurrency: 2, description: 'weather' });
  });

  it('maps each assertion promptfoo grades from the answer, and lists the rest by case with why', () => {
    const suite = read(`prompts: ['{{q}}']
tests:
  - description: all
    vars: { q: Weather in Paris?, tool: get_weather }
    assert:
      - type: is-valid-openai-tools-call
      - { type: tool-call-f1, value: 'get_weather, get_time', threshold: 0.6 }
      - { type: equals, value: 11 }
      - { type: not-contains, value: '{{tool}}' }
      - { type: icontains, value: PARIS }
      - { type: starts-with, value: About }
      - { type: regex, value: '^\\d+$' }
      - { type: contains-any, value: 'a, "b, c"' }
      - { type: not-icontains-all, value: [X, y] }
      - { type: is-json, value: '{type: array}' }
      - { type: trajectory:tool-used, value: [get_weather, 'search_*'] }
      - { type: not-trajectory:tool-used, value: delete_all }
      - { type: trajectory:tool-used, value: { name: get_weather, min: 1, max: 2 } }
      - { type: trajectory:tool-sequence, value: { mode: exact, steps: [get_weather, { name: get_time }] } }
      - { type: trajectory:tool-args-match, value: { name: get_weather, args: { city: Paris }, mode: exact } }
      - { type: llm-rubric, value: polite }
      - { type: javascript, value: output.length > 0 }
      - { type: regex, value: '(?<=a)b' }
      - { type: not-tool-call-f1, value: [a] }
      - { type: contains, value: x, transform: output.trim() }
      - { type: trajectory:tool-args-match, value: { name: a, args: {}, ignore: [id] } }
`);
    const [each] = suite.cases;
    expect(each.expect).toMatchObject({
      validCalls: true,
      allowExtraCalls: true,
      toolF1: { tools: ['get_weather', 'get_time'], threshold: 0.6 },
      output: [
        { equals: 11 },
        { contains: 'get_weather', not: true },
        { icontains: 'PARIS' },
        { startsWith: 'About' },
        { regex: '^\\d+$' },
        { containsAny: ['a', 'b, c'] },
        { containsAll: ['X', 'y'], ignoreCase: true, not: true },
        { isJson: true, schema: { type: 'array' } },
      ],
      trajectory: [
        { tool: '*', atLeast: 1 },
        { tool: 'get_weather', atLeast: 1 },
        { tool: 'search_*', atLeast: 1 },
        { tool: 'delete_all', never: true },
        { tool: 'get_weather', atLeast: 1 },
        { tool: 'get_weather', atMost: 2 },
        { sequence: ['get_weather', 'get_time'], exact: true },
        { tool: 'get_weather', withArgs: { city: 'Paris' }, exact: true },
      ],
    });
    expect(suite.unmapped.map((left) => `${left.caseId}: ${left.type} — ${left.why}`)).toEqual([
      'all: llm-rubric — the playground does not run it',
      'all: javascript — the playground does not run it',
      expect.stringMatching(/^all: regex — its pattern is one RE2 \(linear time\) cannot run/),
      'all: not-tool-call-f1 — the inverse of an F1 threshold has no check here',
      'all: contains — it transforms the output first',
      'all: trajectory:tool-args-match — defaults and ignore have no check here',
    ]);
  });

  it('reads a config written as OpenAI evals write theirs: dotted item variables, a developer message, Responses tools', () => {
    const suite = read(`prompts:
  - '[{"role":"developer","content":"Classify: {{ item.kind }}"},{"role":"user","content":"{{ item.input }}"}]'
providers:
  - id: openai:responses:gpt-4.1
    config:
      tools:
        - { type: function, name: route_ticket, description: Route it, parameters: { type: object, properties: { queue: { type: string } } } }
tests:
  - vars: { item: { input: My monitor is dark, kind: hardware } }
    assert: [{ type: tool-call-f1, value: route_ticket }]
`);
    expect(suite.cases[0]).toMatchObject({
      system: 'Classify: hardware',
      prompt: 'My monitor is dark',
      expect: { toolF1: { tools: ['route_ticket'] } },
    });
    expect(suite.configs[0].settings).toMatchObject({ provider: 'openai', model: 'gpt-4.1', openaiApi: 'responses' });
    expect(suite.tools?.map((tool) => JSON.parse(tool.source).name)).toEqual(['route_ticket']);
  });

  it("a test's transform changes every assertion it reads: each is listed", () => {
    const suite = read(`prompts: [hi]
tests:
  - options: { transform: 'output[0].function.name' }
    assert: [{ type: equals, value: get_weather }]
`);
    expect(suite.unmapped).toEqual([{ caseId: 'test 1', type: 'equals', why: 'it transforms the output first' }]);
    expect(suite.cases[0].expect.output).toBeUndefined();
  });

  it('says what it cannot read: files it names, tools in a file, Nunjucks tags', () => {
    const suite = read(`prompts: [file://prompt.txt, 'Hi {% if x %}{{x}}{% endif %}']
providers:
  - id: openai:chat:gpt-4.1
    config: { tools: file://tools.yaml }
tests: file://tests.csv
`);
    expect(suite.notes).toEqual([
      'Prompt 1 is a file (file://prompt.txt): paste its text into the config\u2019s prompts.'.replace('\u2019', "'"),
      'openai:chat:gpt-4.1 names its tools in file://tools.yaml: that file is not in the config — paste the tools into the config (or import them in the Tools pane).',
      'The tests name files (file://…): their rows are not in the config — paste them in as tests.',
      'A prompt uses Nunjucks beyond {{ var }} (tags or filters): it was filled in as far as plain variables go.',
    ]);
    expect(suite.cases.map((each) => each.prompt)).toEqual(['Hi {% if x %}{% endif %}']);
  });

  it('refuses what is not a config, too large, too deep, or a YAML alias bomb — with a sentence', () => {
    expect(readPromptfooSuite('- just\n- a list')).toEqual({
      ok: false,
      message: 'Not a promptfoo config: expected a mapping with prompts, providers and tests.',
    });
    expect(readPromptfooSuite('prompts: [a\n')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Not a promptfoo config: /),
    });
    expect(readPromptfooSuite(`prompts: ['${'x'.repeat(5_000_001)}']`)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The config is 5,000,01\d characters; at most 5,000,000\.$/),
    });
    const deep = `prompts: [a]\ntests: [{ vars: { v: ${'['.repeat(100)}${']'.repeat(100)} } }]`;
    expect(readPromptfooSuite(deep)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The config is nested too deeply/),
    });
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from({ length: 9 }, (_, n) => {
        const name = String.fromCharCode(98 + n);
        const prev = String.fromCharCode(97 + n);
        return `${name}: &${name} [${Array(10).fill(`*${prev}`).join(', ')}]`;
      }),
      'prompts: [hi]',
    ].join('\n');
    expect(readPromptfooSuite(bomb)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Not a promptfoo config: .*alias/i),
    });
    expect(readPromptfooSuite('prompts: []')).toEqual({
      ok: false,
      message: 'The config has no prompt the playground can read.',
    });
  });

  it('tells a promptfoo config from a case file and a session file', () => {
    expect(looksLikePromptfoo('prompts:\n  - hi\n')).toBe(true);
    expect(looksLikePromptfoo('{"prompts": ["hi"], "tests": []}')).toBe(true);
    expect(looksLikePromptfoo('{"kind": "tool-playground-eval-cases", "version": 1, "cases": []}')).toBe(false);
    expect(looksLikePromptfoo('[{"id": "a", "prompt": "hi", "expect": {}}]')).toBe(false);
  });

  it('reads promptfoo comma-separated lists as promptfoo does (quotes keep commas)', () => {
    expect(commaSeparated('a, b ,c')).toEqual(['a', 'b', 'c']);
    expect(commaSeparated('"x, y", z, "say \\"hi\\""')).toEqual(['x, y', 'z', 'say "hi"']);
    expect(commaSeparated(' , ,a,,')).toEqual(['a']);
  });
});

describe('a config that gives no tools', () => {
  it('runs the session’s, and names the tools its checks want that the session lacks', async () => {
    const { missingToolsNote } = await import('../read-eval-suite');
    const suite = readPromptfooSuite(`prompts: [hi]
providers: [{ id: openai:chat:gpt-4.1, config: { tool_choice: { type: function, function: { name: route_ticket } } } }]
tests:
  - assert: [{ type: tool-call-f1, value: [read_file, lookup] }, { type: trajectory:tool-used, value: 'search_*' }]
`);
    if (!suite.ok) throw new Error(suite.message);
    expect(missingToolsNote(suite, ['read_file', 'bash'])).toBe(
      'The config gives no tools: the grid runs the session’s. The checks name read_file, which it has. They also name lookup, route_ticket: add them in the Tools pane (Import or Add).',
    );
  });
});
