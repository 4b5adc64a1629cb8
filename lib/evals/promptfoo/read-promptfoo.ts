import { firstIssue } from '../../limits/first-issue';
import { parse as parseYaml } from 'yaml';
import { checkJsonDepth } from '../../limits/check-json-depth';
import { type EvalCase, evalCaseSchema, MAX_EVAL_CASES } from '../../shapes/eval-case';
import type { EvalConfig } from '../../shapes/eval-run';
import { SESSION_LIMITS } from '../../shapes/session-limits';
import type { ToolDraft } from '../../shapes/tool-spec';
import { mapAssertions, type PromptfooAssertion } from './promptfoo-assertions';
import { configOf, readProviders, toolsOf } from './promptfoo-providers';
import { type ConfigKeySource, readKeySource } from './promptfoo-key-sources';
import { MAX_EVAL_CASES_CHARS } from '../read-eval-cases';
import { CASE_METADATA_KEY } from './write-promptfoo';
import { findJsonNesting, findYamlNesting } from '../../limits/text-nesting';

/*
 * A promptfoo config (YAML or JSON) as the Evals grid's suite (docs/evals.md, "promptfoo"):
 * each test × prompt a case, each provider a configuration, the first provider's tools the
 * tool list, `evaluateOptions.repeat` the repeats; what cannot be run is listed, never dropped.
 */

/** What a promptfoo config came to. */
export type PromptfooSuite = {
  description?: string;
  cases: EvalCase[];
  /** The tools the providers are given (OpenAI, Responses or Anthropic format), as drafts; none named: undefined. */
  tools?: ToolDraft[];
  configs: Omit<EvalConfig, 'id'>[];
  /** Where each configuration's key comes from (`apiKeyEnvar`, `apiKey`), by index: for `npm run eval` only, never kept. */
  keySources: (ConfigKeySource | undefined)[];
  repeats?: number;
  concurrency?: number;
  /** Each assertion the playground cannot run, by case: "llm-rubric in case 'refund' (the playground does not run it)". */
  unmapped: { caseId: string; type: string; why: string }[];
  /** What else was left out or changed, a sentence each. */
  notes: string[];
};

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const PROMPTFOO_KEYS = ['prompts', 'providers', 'targets', 'tests', 'defaultTest', 'evaluateOptions'];

/**
 * Whether a line of `text` starts (after white space) with one of `keys` and a colon — one pass over
 * the text, each line looked at once (a regular expression for it backtracks on a run of blank lines).
 */
function hasTopLevelKey(text: string, keys: readonly string[]): boolean {
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    let at = start;
    while (at < end && (text[at] === ' ' || text[at] === '\t' || text[at] === '\r')) at++;
    for (const key of keys) {
      if (!text.startsWith(key, at)) continue;
      let after = at + key.length;
      while (after < end && (text[after] === ' ' || text[after] === '\t')) after++;
      if (text[after] === ':') return true;
    }
    start = end + 1;
  }
  return false;
}

/** Whether a text reads as a promptfoo config (not a case file or a session). */
export function looksLikePromptfoo(text: string): boolean {
  if (hasTopLevelKey(text, PROMPTFOO_KEYS)) return true;
  // JSON nested past the bound is no config: said by the case reader, and never handed to JSON.parse
  // (a million nested objects cost it time and memory that grow faster than the text).
  if (findJsonNesting(text)) return false;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) && ('prompts' in value || 'tests' in value) && !('kind' in value) && !('cases' in value);
  } catch {
    return false;
  }
}

/** A variable by name, or by a dotted path into one (`item.input`, as OpenAI's eval exports write). */
const varAt = (vars: Json, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((value, key) => (isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined), vars);

/**
 * Whether a template holds a Nunjucks tag or a filter other than dump, safe and trim — one pass
 * (`/\{%|\{\{[^}]*\|\s*(?!dump|safe|trim)/` backtracks on a run of "{{"): the part of a "{{" up
 * to the next "}" holds the parts of every "{{" inside it, so each is looked at once.
 */
function usesMoreThanVariables(template: string): boolean {
  if (template.includes('{%')) return true;
  let at = template.indexOf('{{');
  while (at !== -1) {
    const close = template.indexOf('}', at + 2);
    const end = close === -1 ? template.length : close;
    for (let pipe = template.indexOf('|', at + 2); pipe !== -1 && pipe < end; pipe = template.indexOf('|', pipe + 1)) {
      let name = pipe + 1;
      while (/\s/.test(template[name] ?? '')) name++;
      if (!['dump', 'safe', 'trim'].some((filter) => template.startsWith(filter, name))) return true;
    }
    at = template.indexOf('{{', end);
  }
  return false;
}

const render = (template: string, vars: Json): string =>
  template.replace(
    /\{\{\s*([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)\s*(\|\s*(dump|safe|trim)\s*)?\}\}/g,
    (_whole, name: string, _f, filter) => {
      const value = varAt(vars, name);
      if (filter === 'dump') return JSON.stringify(value ?? null);
      const text = value === undefined || value === null ? '' : String(value);
      return filter === 'trim' ? text.trim() : text;
    },
  );

/** Every string inside a value rendered with the test's vars (promptfoo renders assertion values so). */
const renderDeep = (value: unknown, vars: Json): unknown =>
  typeof value === 'string'
    ? render(value, vars)
    : Array.isArray(value)
      ? value.map((item) => renderDeep(item, vars))
      : isRecord(value)
        ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, renderDeep(inner, vars)]))
        : value;

type Prompt = { label: string; template: string };

function readPrompts(value: unknown, notes: string[]): Prompt[] {
  const list =
    typeof value === 'string' ? [value] : Array.isArray(value) ? value : isRecord(value) ? Object.keys(value) : [];
  return list.flatMap((item, index): Prompt[] => {
    const template = typeof item === 'string' ? item : isRecord(item) ? (item.raw ?? item.content) : undefined;
    const label = isRecord(item) && typeof item.label === 'string' ? item.label : `prompt ${index + 1}`;
    if (typeof template !== 'string') {
      notes.push(`Prompt ${index + 1} has no text (raw) and was left out.`);
      return [];
    }
    if (/^file:\/\//.test(template.trim())) {
      notes.push(`Prompt ${index + 1} is a file (${template.trim()}): paste its text into the config's prompts.`);
      return [];
    }
    return [{ label, template }];
  });
}

type ChatMessage = { role: string; content: string };

/** A rendered prompt as the case's system, earlier messages and prompt (a chat prompt is a JSON list of messages). */
function promptParts(text: string): Pick<EvalCase, 'prompt' | 'messages' | 'system'> {
  let messages: unknown;
  try {
    messages = text.trim().startsWith('[') ? JSON.parse(text) : undefined;
  } catch {
    messages = undefined;
  }
  const chat =
    Array.isArray(messages) &&
    messages.length > 0 &&
    messages.every(
      (message): message is ChatMessage =>
        isRecord(message) && typeof message.role === 'string' && typeof message.content === 'string',
    );
  if (!chat) return { prompt: text };
  const list = messages as ChatMessage[];
  const system = list.filter((message) => message.role === 'system' || message.role === 'developer');
  const talk = list.filter((message) => message.role === 'user' || message.role === 'assistant');
  const last = talk.at(-1);
  const prompt = last?.role === 'user' ? last.content : '';
  return {
    prompt,
    ...(system.length > 0 ? { system: system.map((message) => message.content).join('\n\n') } : {}),
    ...(talk.length > 1
      ? {
          messages: talk
            .slice(0, -1)
            .map((message) => ({ role: message.role as 'user' | 'assistant', text: message.content })),
        }
      : {}),
  };
}

type Test = { description?: string; vars: Json; assert: PromptfooAssertion[]; kept?: EvalCase };

function readTests(config: Json, notes: string[]): Test[] {
  const defaults = isRecord(config.defaultTest) ? config.defaultTest : {};
  const defaultVars = isRecord(defaults.vars) ? defaults.vars : {};
  const defaultAssert = Array.isArray(defaults.assert) ? (defaults.assert as PromptfooAssertion[]) : [];
  if (
    typeof config.tests === 'string' ||
    (Array.isArray(config.tests) && config.tests.some((test) => typeof test === 'string'))
  ) {
    notes.push('The tests name files (file://…): their rows are not in the config — paste them in as tests.');
  }
  const list = Array.isArray(config.tests) ? config.tests.filter(isRecord) : [];
  // No tests: each prompt runs once, with the default test's vars and assertions.
  const tests = list.length > 0 ? list : [{}];
  return tests.map((test) => ({
    description: typeof test.description === 'string' ? test.description : undefined,
    vars: { ...defaultVars, ...(isRecord(test.vars) ? test.vars : {}) },
    assert: [...defaultAssert, ...(Array.isArray(test.assert) ? (test.assert as PromptfooAssertion[]) : [])].map(
      // A transform changes what every assertion of the test reads.
      (assertion) =>
        isRecord(test.options) && test.options.transform !== undefined && isRecord(assertion)
          ? { transform: test.options.transform, ...assertion }
          : assertion,
    ),
    // A test the playground exported keeps its case whole.
    ...keptCase(test.metadata),
  }));
}

/** The case a test the playground exported keeps: a JSON string (as it writes now) or an object (before 0.27). */
function keptCase(metadata: unknown): { kept?: EvalCase } {
  const value = isRecord(metadata) ? metadata[CASE_METADATA_KEY] : undefined;
  const kept = evalCaseSchema.safeParse(typeof value === 'string' ? parseJsonOrUndefined(value) : value);
  return kept.success ? { kept: kept.data } : {};
}

function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const caseIdOf = (test: Test, index: number, prompt: Prompt, prompts: number, taken: Set<string>) => {
  const base = (test.description?.trim() || `test ${index + 1}`).slice(0, 150);
  const wanted = prompts > 1 ? `${base} · ${prompt.label}` : base;
  let id = wanted;
  for (let n = 2; taken.has(id); n++) id = `${wanted} (${n})`;
  taken.add(id);
  return id;
};

function parseConfig(text: string): { ok: true; config: Json } | { ok: false; message: string } {
  if (text.length > MAX_EVAL_CASES_CHARS)
    return {
      ok: false,
      message: `The config is ${text.length.toLocaleString('en')} characters; at most ${MAX_EVAL_CASES_CHARS.toLocaleString('en')}.`,
    };
  const deep = findYamlNesting(text);
  if (deep) return { ok: false, message: `The config cannot be read: ${deep.message}.` };
  let value: unknown;
  try {
    // YAML is a superset of JSON; aliases are bounded (no billion laughs), custom tags refused.
    value = parseYaml(text, { maxAliasCount: 100, customTags: [], prettyErrors: false });
  } catch (error) {
    return {
      ok: false,
      message: `Not a promptfoo config: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    };
  }
  if (!isRecord(value))
    return { ok: false, message: 'Not a promptfoo config: expected a mapping with prompts, providers and tests.' };
  const depth = checkJsonDepth(value);
  if (!depth.ok) return { ok: false, message: `The config is nested too deeply: ${depth.message}` };
  return { ok: true, config: value };
}

/** A promptfoo config's suite: cases, configurations, tools, repeats — and what was left out, listed. */
export function readPromptfooSuite(text: string): ({ ok: true } & PromptfooSuite) | { ok: false; message: string } {
  const parsed = parseConfig(text);
  if (!parsed.ok) return parsed;
  const { config } = parsed;
  const notes: string[] = [];
  const prompts = readPrompts(config.prompts, notes);
  if (prompts.length === 0)
    return { ok: false, message: `The config has no prompt the playground can read. ${notes.join(' ')}`.trim() };
  const providers = readProviders(config.providers ?? config.targets);
  const kept = providers.flatMap((provider) => {
    const made = configOf(provider);
    if (typeof made === 'string') notes.push(`${made}: left out.`);
    return typeof made === 'string' ? [] : [{ config: made, key: readKeySource(provider.config) }];
  });
  const configs = kept.map((each) => each.config);
  const tools = toolsOf(providers, notes);
  const unmapped: PromptfooSuite['unmapped'] = [];
  const taken = new Set<string>();
  const cases: EvalCase[] = [];
  readTests(config, notes).forEach((test, index) => {
    if (test.kept) {
      cases.push({
        ...test.kept,
        id: caseIdOf({ description: test.kept.id, vars: {}, assert: [] }, index, prompts[0], 1, taken),
      });
      return;
    }
    for (const prompt of prompts) {
      const id = caseIdOf(test, index, prompt, prompts.length, taken);
      const mapped = mapAssertions(
        test.assert.map((assertion) => renderDeep(assertion, test.vars) as PromptfooAssertion),
      );
      unmapped.push(...mapped.unmapped.map((each) => ({ caseId: id, ...each })));
      const read = evalCaseSchema.safeParse({
        id,
        ...(test.description ? { name: test.description.slice(0, 200) } : {}),
        ...promptParts(render(prompt.template, test.vars)),
        expect: mapped.expect,
      });
      if (read.success) cases.push(read.data);
      else {
        const { where, why } = firstIssue(read.error, 'the case');
        notes.push(`Case "${id}" was left out: ${where} ${why}.`);
      }
    }
  });
  if (cases.length > MAX_EVAL_CASES) notes.push(`The first ${MAX_EVAL_CASES} of ${cases.length} cases were kept.`);
  if (usesMoreThanVariables(JSON.stringify(config.prompts ?? '')))
    notes.push(
      'A prompt uses Nunjucks beyond {{ var }} (tags or filters): it was filled in as far as plain variables go.',
    );
  const evaluate = isRecord(config.evaluateOptions) ? config.evaluateOptions : {};
  const whole = (value: unknown, max: number) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 1 ? Math.min(value, max) : undefined;
  const repeats = whole(evaluate.repeat, 20);
  const concurrency = whole(evaluate.maxConcurrency, 8);
  return {
    ok: true,
    ...(typeof config.description === 'string' ? { description: config.description } : {}),
    cases: cases.slice(0, MAX_EVAL_CASES),
    ...(tools ? { tools } : {}),
    configs: configs.slice(0, SESSION_LIMITS.evalConfigs),
    keySources: kept.slice(0, SESSION_LIMITS.evalConfigs).map((each) => each.key),
    ...(repeats ? { repeats } : {}),
    ...(concurrency ? { concurrency } : {}),
    unmapped,
    notes,
  };
}
