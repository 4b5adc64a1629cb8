// Writes the promptfoo configs the agreement test runs (testing/promptfoo/configs/generated-NN.yaml):
// each offers 2–4 real tools drawn from BFCL's functions (fixtures/corpus/bfcl-functions.jsonl, read
// as the playground reads them), asks with prompts whose variables come from those tools' own
// descriptions, and asserts with every assertion the playground maps — one family in focus per
// config, others drawn at random (a fixed seed per config: the same corpus on every run).
//   node_modules/.bin/tsx testing/promptfoo/make-corpus.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { readBfclDefinitions } from '../bfcl-corpus';

const OUT = join(import.meta.dirname, 'configs');
const CONFIGS = 22;
const TESTS = 8;

/** mulberry32: a small seeded generator, so the corpus is the same on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const PLACES = ['Paris', 'Oslo', 'Nairobi', 'Lima', 'Kyoto', 'Denver', 'Porto', 'Hanoi'];
const PEOPLE = ['Ada', 'Grace', 'Linus', 'Barbara', 'Ken', 'Margaret'];
const PROMPTS = [
  'Please help me with this: {{task}} (in {{place}}).',
  '{{person}} asks: {{task}}',
  'I need the following for {{person}} near {{place}} — {{task}}',
];

const definitions = readBfclDefinitions().filter(
  (definition) => /^[A-Za-z0-9_-]{1,64}$/.test(definition.name) && definition.description.length > 20,
);

type Assertion = Record<string, unknown>;
type Draw = { pick: <T>(items: readonly T[]) => T; chance: (p: number) => boolean };
type Context = { tools: string[]; place: string };

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const not = (draw: Draw, type: string) => (draw.chance(0.35) ? `not-${type}` : type);

/** One assertion family each: what the playground maps, with values a run may or may not meet. */
const FAMILIES: ((draw: Draw, context: Context) => Assertion)[] = [
  () => ({ type: 'is-valid-openai-tools-call' }),
  (draw, { tools }) => {
    const named = draw.chance(0.5) ? [draw.pick(tools)] : tools.slice(0, 2);
    const threshold = draw.pick([undefined, 0.5, 0.67, 0.8]);
    return {
      type: 'tool-call-f1',
      value: draw.chance(0.5) ? named : named.join(', '),
      ...(threshold === undefined ? {} : { threshold }),
    };
  },
  (draw, { tools, place }) => ({
    type: not(draw, 'contains'),
    value: draw.pick([draw.pick(tools), place, '"type":"function"', 'About', 'not_offered_tool']),
  }),
  (draw, { tools, place }) => ({
    type: not(draw, 'icontains'),
    value: draw.pick([draw.pick(tools).toUpperCase(), place.toLowerCase(), 'ABOUT']),
  }),
  (draw, { tools, place }) => ({
    type: not(draw, 'regex'),
    value: draw.pick([
      `"name":"${escapeRegex(draw.pick(tools))}"`,
      '^About',
      `\\b${place}\\b`,
      '"arguments":"\\{\\}"',
      '^\\[\\{"id":"call_',
    ]),
  }),
  (draw, { tools }) => ({
    type: not(draw, 'starts-with'),
    value: draw.pick(['[{"id"', 'About', '{"role"', draw.pick(tools)]),
  }),
  (draw, { tools, place }) => ({
    type: not(draw, draw.pick(['contains-any', 'contains-all', 'icontains-any', 'icontains-all'])),
    value: draw.chance(0.5) ? [draw.pick(tools), place] : `${draw.pick(tools)}, "${place}, here", About`,
  }),
  (draw) => {
    const schema = draw.pick([
      undefined,
      { type: 'array' },
      { type: 'object', required: ['tool_calls'] },
      { type: 'array', minItems: 2 },
    ]);
    return { type: not(draw, 'is-json'), ...(schema ? { value: schema } : {}) };
  },
  (draw, { place }) => ({
    type: not(draw, 'equals'),
    value: draw.pick([`About "${place}": here is what I know.`, 'About "Please": here is what I know.', '[]']),
  }),
];

function makeConfig(index: number) {
  const next = random(0x9e3779b9 ^ (index * 7919));
  const draw: Draw = {
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  };
  const count = 2 + Math.floor(next() * 3);
  const chosen = Array.from({ length: count }, () => draw.pick(definitions)).filter(
    (definition, at, all) => all.findIndex((other) => other.name === definition.name) === at,
  );
  const tools = chosen.map((definition) => definition.name);
  const prompts = draw.chance(0.3) ? [draw.pick(PROMPTS), draw.pick(PROMPTS)] : [draw.pick(PROMPTS)];
  const focus = FAMILIES[index % FAMILIES.length];
  const tests = Array.from({ length: TESTS }, (_, test) => {
    const place = draw.pick(PLACES);
    const described = draw
      .pick(chosen)
      .description.split(/\s+/)
      .slice(0, 8 + (test % 5))
      .join(' ');
    const context = { tools, place };
    const extra = Array.from({ length: Math.floor(next() * 3) }, () => draw.pick(FAMILIES)(draw, context));
    return {
      description: `t${test + 1}`,
      vars: { task: described, place, person: draw.pick(PEOPLE) },
      assert: [focus(draw, context), ...extra],
    };
  });
  return {
    description: `Generated corpus config ${index + 1}: ${tools.join(', ')} (BFCL functions)`,
    prompts: [...new Set(prompts)],
    providers: [
      {
        id: 'openai:chat:fake-script',
        config: {
          tools: chosen.map((definition) => ({
            type: 'function',
            function: { name: definition.name, description: definition.description, parameters: definition.parameters },
          })),
        },
      },
    ],
    ...(draw.chance(0.25) ? { defaultTest: { assert: [FAMILIES[0](draw, { tools, place: 'Paris' })] } } : {}),
    tests,
  };
}

mkdirSync(OUT, { recursive: true });
for (let index = 0; index < CONFIGS; index++) {
  const name = `generated-${String(index + 1).padStart(2, '0')}.yaml`;
  writeFileSync(
    join(OUT, name),
    `# Made by testing/promptfoo/make-corpus.ts: do not edit.\n${stringify(makeConfig(index), { lineWidth: 0 })}`,
  );
}
console.log(`${CONFIGS} configs in ${OUT}`);
