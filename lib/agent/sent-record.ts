import { digestOf } from '../shapes/canonical-json';
import { type RunSettings, sendableSettingsSchema } from '../shapes/run-settings';
import type { SentRecord } from '../shapes/step-samples';
import { type ToolSpec, toolSpecSchema } from '../shapes/tool-spec';

/*
 * What a step's request was made of, kept with the step (its `data-step` report) as fingerprints
 * — each tool's, the settings' — and in the session once each by fingerprint (`sentValues`): so
 * the request can be made again exactly, or what changed since can be said.
 */

export type { SentRecord };

/** The settings a request is made of (the history policy is applied to the messages, not sent again). */
export type SentSettings = Omit<RunSettings, 'history'>;

export const SETTING_NAMES: Record<keyof SentSettings, string> = {
  provider: 'the provider',
  model: 'the model',
  baseURL: 'the base URL',
  toolChoice: 'the tool choice',
  parallelToolCalls: 'parallel tool calls',
  maxSteps: 'the step limit',
  temperature: 'the temperature',
  seed: 'the seed',
  maxOutputTokens: 'the output token limit',
  topP: 'top-p',
  topK: 'top-k',
  constrain: "'Constrain to the tools' schemas'",
  system: 'the system instructions',
  script: 'the script',
  strictTools: 'strict tools',
  openaiApi: 'the OpenAI API',
  mode: 'the tool-calling mode',
};

/** The settings as a request is made of them: the history policy left out. */
export function sentSettings(settings: RunSettings): SentSettings {
  const { history: _history, ...sent } = settings;
  return sent;
}

/** The fingerprints of a request's tools and settings (the route keeps them with the step it answers). */
export function recordSent(tools: readonly ToolSpec[], settings: RunSettings): SentRecord {
  return {
    tools: Object.fromEntries(tools.map((tool) => [tool.name, digestOf(tool)])),
    settings: digestOf(sentSettings(settings)),
  };
}

/** The values a request was made of, by fingerprint: each tool as sent, and the settings. */
export function sentValuesOf(tools: readonly ToolSpec[], settings: RunSettings | undefined): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const tool of tools) values[digestOf(tool)] = tool;
  if (settings) values[digestOf(sentSettings(settings))] = sentSettings(settings);
  return values;
}

/**
 * `sentValuesOf` for the requests of a run, read as the route reads them (its fingerprints are of
 * what it parsed) — each tool and the settings once: they are immutable, a changed one is a new object.
 */
export function createSentValuesReader() {
  const read = new WeakMap<object, Record<string, unknown>>();
  const once = (value: object, parse: () => Record<string, unknown>) => {
    const known = read.get(value);
    if (known) return known;
    const values = parse();
    read.set(value, values);
    return values;
  };
  return (tools: readonly ToolSpec[], settings: RunSettings): Record<string, unknown> => {
    const values: Record<string, unknown> = {};
    for (const tool of tools)
      Object.assign(
        values,
        once(tool, () => sentValuesOf([toolSpecSchema.parse(tool)], undefined)),
      );
    return Object.assign(
      values,
      once(settings, () => sentValuesOf([], sendableSettingsSchema.parse(settings))),
    );
  };
}

/**
 * How a request made now differs from the one a step sent, one sentence each (empty: the same).
 * Which setting changed is said when the session kept the step's settings; else "the run settings".
 */
export function sentDifferences(
  recorded: SentRecord,
  now: { tools: readonly ToolSpec[]; settings: RunSettings },
  sentValues: Readonly<Record<string, unknown>> = {},
): string[] {
  const current = recordSent(now.tools, now.settings);
  const differences: string[] = [];
  for (const [name, digest] of Object.entries(recorded.tools)) {
    if (!(name in current.tools)) differences.push(`the tool \`${name}\` is no longer offered (removed or turned off)`);
    else if (current.tools[name] !== digest) differences.push(`the tool \`${name}\` was changed`);
  }
  for (const name of Object.keys(current.tools))
    if (!(name in recorded.tools)) differences.push(`the tool \`${name}\` was added`);
  if (recorded.settings !== current.settings) {
    const before = sentValues[recorded.settings] as SentSettings | undefined;
    const after = sentSettings(now.settings);
    const changed = before
      ? (Object.keys(SETTING_NAMES) as (keyof SentSettings)[]).filter(
          (name) => digestOf(before[name] ?? null) !== digestOf(after[name] ?? null),
        )
      : [];
    if (changed.length === 0) differences.push('the run settings changed');
    for (const name of changed) differences.push(`${SETTING_NAMES[name]} changed`);
  }
  return differences;
}
