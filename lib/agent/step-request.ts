import type { UIMessage } from 'ai';
import { digestOf } from '../shapes/canonical-json';
import type { RunSettings } from '../shapes/run-settings';
import type { ToolSpec } from '../shapes/tool-spec';
import { messagesBeforeStep } from '../messages/messages-before-step';
import { applyHistory, readHistoryReport } from '../messages/plan-history';
import { splitSteps } from '../messages/split-steps';
import type { SentRecord } from '../shapes/step-samples';
import { readStepReport } from '../wire/extract-wire-steps';
import { type ChatRequest, chatRequestProblem, chatRequestSchema } from './chat-route';
import { sendableSettingsSchema } from '../shapes/run-settings';
import { toolSpecSchema } from '../shapes/tool-spec';

export type { SentRecord };

/** The settings a request is made of (the history policy is applied to the messages, not sent again). */
type SentSettings = Omit<ChatRequest['settings'], 'history'>;

const SETTING_NAMES: Record<keyof SentSettings, string> = {
  provider: 'the provider',
  model: 'the model',
  baseURL: 'the base URL',
  toolChoice: 'the tool choice',
  parallelToolCalls: 'parallel tool calls',
  maxSteps: 'the step limit',
  temperature: 'the temperature',
  seed: 'the seed',
  maxOutputTokens: 'the output token limit',
  system: 'the system instructions',
  script: 'the script',
  openaiApi: 'the OpenAI API',
  mode: 'the tool-calling mode',
};

/** The fingerprints of a request's tools and settings (the route keeps them with the step it answers). */
export function recordSent(tools: readonly ToolSpec[], settings: RunSettings): SentRecord {
  return {
    tools: Object.fromEntries(tools.map((tool) => [tool.name, digestOf(tool)])),
    settings: Object.fromEntries(
      (Object.keys(SETTING_NAMES) as (keyof SentSettings)[]).map((name) => [name, digestOf(settings[name] ?? null)]),
    ),
  };
}

/**
 * The values a request was made of, by fingerprint — each tool as sent and each setting's value:
 * what the session keeps (`sentValues`) so a step's request can be shown and compared as it was
 * sent, even after the tools changed. Read as the route reads them (its fingerprints are of what it parsed).
 */
export function sentValuesOf(tools: readonly ToolSpec[], settings: RunSettings): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const tool of tools) values[digestOf(tool)] = tool;
  for (const name of Object.keys(SETTING_NAMES) as (keyof SentSettings)[])
    values[digestOf(settings[name] ?? null)] = settings[name] ?? null;
  return values;
}

/**
 * `sentValuesOf` for the requests of a run, each tool and the settings read once (they are
 * immutable: a changed one is a new object), as the route reads them.
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
        once(tool, () => sentValuesOf([toolSpecSchema.parse(tool)], {} as RunSettings)),
      );
    return Object.assign(
      values,
      once(settings, () => sentValuesOf([], sendableSettingsSchema.parse(settings))),
    );
  };
}

/**
 * The request a step sent, from what the session kept: the conversation before it as that request
 * carried it (the history policy's cut and summary applied, so no policy in the settings), and the
 * tools and settings by their fingerprints — or why not (a session from before they were kept).
 */
export function recordedStepRequest({
  messages,
  stepId,
  sentValues,
}: {
  messages: readonly UIMessage[];
  stepId: string;
  sentValues: Readonly<Record<string, unknown>>;
}): { ok: true; request: ChatRequest } | { ok: false; message: string } {
  const at = stepId.lastIndexOf(':step-');
  const messageId = stepId.slice(0, at);
  const step = Number(stepId.slice(at + ':step-'.length));
  const before = at > 0 ? messagesBeforeStep(messages, messageId, step) : undefined;
  const parts = before ? stepParts(messages, messageId, step) : undefined;
  if (!before || !parts) return { ok: false, message: 'This step is not in the conversation any more.' };
  const recorded = readStepReport(parts)?.sent;
  if (!recorded)
    return { ok: false, message: 'This step was sent before the playground kept what requests were made of.' };
  const missing = [...Object.values(recorded.tools), ...Object.values(recorded.settings)].filter(
    (digest) => !Object.hasOwn(sentValues, digest),
  );
  if (missing.length > 0)
    return {
      ok: false,
      message: `What this step was sent with is not in the session (${missing.length} values missing).`,
    };
  const settings = Object.fromEntries(
    Object.entries(recorded.settings)
      .map(([name, digest]) => [name, sentValues[digest]])
      .filter(([, value]) => value !== null),
  );
  const history = readHistoryReport(parts);
  return {
    ok: true,
    request: {
      messages: (history ? applyHistory(before, history) : before) as ChatRequest['messages'],
      tools: Object.values(recorded.tools).map((digest) => sentValues[digest]) as ChatRequest['tools'],
      settings: settings as ChatRequest['settings'],
    },
  };
}

/** How a request made now differs from the one a step sent, one sentence each (empty: it is the same). */
export function sentDifferences(recorded: SentRecord, now: SentRecord): string[] {
  const differences: string[] = [];
  for (const [name, digest] of Object.entries(recorded.tools)) {
    if (!(name in now.tools)) differences.push(`the tool \`${name}\` is no longer offered (removed or turned off)`);
    else if (now.tools[name] !== digest) differences.push(`the tool \`${name}\` was changed`);
  }
  for (const name of Object.keys(now.tools))
    if (!(name in recorded.tools)) differences.push(`the tool \`${name}\` was added`);
  for (const [name, label] of Object.entries(SETTING_NAMES))
    if (name in recorded.settings && recorded.settings[name] !== now.settings[name])
      differences.push(`${label} changed`);
  return differences;
}

export type StepRequest =
  | { ok: true; request: ChatRequest; exact: boolean }
  | { ok: false; message: string; differences: string[] };

/**
 * The request a model step sent, made again: the conversation before the step as that request
 * carried it (what its history policy left out stays out, the summary it sent stays), with the
 * tools and settings as they are now — which must be the ones the step was sent with (their
 * fingerprints say so). `exact` is false for a step from before fingerprints were kept.
 */
export function rebuildStepRequest({
  messages,
  stepId,
  tools,
  settings,
}: {
  messages: readonly UIMessage[];
  /** `<assistant message id>:step-<n>`. */
  stepId: string;
  tools: ToolSpec[];
  settings: RunSettings;
}): StepRequest {
  const at = stepId.lastIndexOf(':step-');
  const messageId = stepId.slice(0, at);
  const step = Number(stepId.slice(at + ':step-'.length));
  const before = at > 0 ? messagesBeforeStep(messages, messageId, step) : undefined;
  const parts = before ? stepParts(messages, messageId, step) : undefined;
  if (!before || !parts)
    return { ok: false, message: 'This step is not in the conversation any more.', differences: [] };
  // Read as the route reads them (it fingerprints what it parsed).
  const read = chatRequestSchema.omit({ messages: true }).safeParse({ tools, settings });
  if (!read.success) return { ok: false, message: chatRequestProblem(read.error), differences: [] };
  const recorded = readStepReport(parts)?.sent;
  if (recorded) {
    const differences = sentDifferences(recorded, recordSent(read.data.tools, read.data.settings));
    if (differences.length > 0)
      return {
        ok: false,
        message: `This step's request can no longer be made again: since it was sent, ${listSentences(differences)}. Undo that (or sample a variant with the change).`,
        differences,
      };
  }
  const history = readHistoryReport(parts);
  return {
    ok: true,
    request: {
      messages: (history ? applyHistory(before, history) : before) as ChatRequest['messages'],
      tools,
      settings: { ...settings, history: undefined } as ChatRequest['settings'],
    },
    exact: recorded !== undefined,
  };
}

/** The parts of one step of an assistant message. */
function stepParts(messages: readonly UIMessage[], messageId: string, step: number): UIMessage['parts'] | undefined {
  const message = messages.find((candidate) => candidate.id === messageId);
  return message ? splitSteps(message)[step - 1] : undefined;
}

const listSentences = (items: readonly string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
