import { planFollowsReply } from './follows-reply.ts';
import { planScriptedReply } from './scripted-reply.ts';

/** A request as the fake provider understands it, whatever wire format it came in. */
export type FakeRequestView = {
  model: string;
  toolNames: string[];
  /** Texts of the tool results the request carries (after the last user message). */
  toolResults: string[];
  parallelToolCalls: boolean;
  /** The whole request body as JSON text (for the text-mode scenarios). */
  raw: string;
  /** The last user message's text, and each tool's parameters by name (`fake-script` decides from them). */
  lastUserText?: string;
  toolSchemas?: Record<string, unknown>;
  /** Each tool's description by name (`fake-follows` decides from them). */
  toolDescriptions?: Record<string, string>;
};

/** `argsText`: the arguments exactly as the model writes them (else `args` as JSON). */
export type FakeCall = { id: string; name: string; args: Record<string, unknown>; argsText?: string };

/** The arguments' JSON text as the fake model streams it. */
export const argumentsText = (call: FakeCall) => call.argsText ?? JSON.stringify(call.args);

/** What the fake model answers; `cut` streams half of it, then drops the connection. */
/** `stop`: the provider ends the reply early — at the token limit (arguments cut half-way) or by its filter. */
export type FakeReply =
  | { kind: 'text'; text: string; cut?: boolean; stop?: 'length' | 'content-filter' }
  | { kind: 'tool-calls'; text: string; calls: FakeCall[]; cut?: boolean; stop?: 'length' }
  | { kind: 'error'; status: number; message: string }
  | { kind: 'silent' };

const ARGS: Record<string, Record<string, unknown>> = { list_files: {}, read_file: { path: 'README.md' } };

/**
 * The fake model, chosen by model id: `fake-text` answers in text (`fake-text-30` in ~30 chunks); `fake-tools` calls
 * list_files and read_file (or the first tool), then answers from the results;
 * `fake-401`/`fake-404`/`fake-500` fail; `fake-cut` drops the stream half-way;
 * `fake-flaky-429` is rate-limited on its first request; `fake-silent` never answers;
 * `fake-json` answers in JSON decisions (the text modes), `fake-json-bad` first without JSON,
 * `fake-json-thinks` first with a scratchpad-only thought; `fake-no-tools` refuses a request with
 * tools (HTTP 400, as Ollama words it) and answers JSON decisions without them; `fake-echo` repeats its call's
 * arguments as text;
 * `fake-script` answers each prompt its own way, the same for every client (scripted-reply.ts);
 * `fake-follows` follows tool descriptions with set probabilities (follows-reply.ts);
 * `fake-length` is cut at the token limit half-way through a call's arguments;
 * `fake-filtered` is stopped by the provider's content filter; `fake-prose` never answers in
 * JSON and `fake-json-unknown` always calls a tool that does not exist (text-mode failures).
 */
export function planFakeReply(view: FakeRequestView, attemptsForModel: number): FakeReply {
  if (view.model.startsWith('fake-script')) return planScriptedReply(view);
  if (view.model === 'fake-follows') return planFollowsReply(view, attemptsForModel);
  const status = /^fake-(\d{3})$/.exec(view.model)?.[1];
  if (status) return { kind: 'error', status: Number(status), message: `fake failure ${status}` };
  if (view.model === 'fake-silent') return { kind: 'silent' };
  if (view.model === 'fake-json' || view.model === 'fake-json-bad' || view.model === 'fake-json-thinks')
    return planJsonDecision(view);
  // A local server's model without tool support: refuses tools as Ollama does, answers JSON decisions without them.
  if (view.model === 'fake-no-tools')
    return view.toolNames.length > 0
      ? {
          kind: 'error',
          status: 400,
          message: 'registry.ollama.ai/library/fake-no-tools:latest does not support tools',
        }
      : planJsonDecision(view);
  if (view.model === 'fake-echo' && view.toolResults.length === 0) {
    // Writes the call's arguments as text too, as some models do.
    return {
      kind: 'tool-calls',
      text: '{"path": "README.md"}',
      calls: [{ id: 'call_fake_1', name: 'read_file', args: { path: 'README.md' } }],
    };
  }
  if (view.model === 'fake-float' && view.toolResults.length === 0) {
    // Writes a whole number as 5.0, as some models do (BFCL's check refuses it for an integer).
    return {
      kind: 'tool-calls',
      text: '',
      calls: [{ id: 'call_fake_1', name: view.toolNames[0], args: { count: 5 }, argsText: '{"count": 5.0}' }],
    };
  }
  if (view.model === 'fake-prose') return { kind: 'text', text: 'I would rather explain it in words.' };
  if (view.model === 'fake-json-unknown') {
    return {
      kind: 'text',
      text: JSON.stringify({ thought: 'Delete it all.', type: 'call_tool', tool: 'delete_everything', args: {} }),
    };
  }
  if (view.model === 'fake-flaky-429' && attemptsForModel <= 1)
    return { kind: 'error', status: 429, message: 'Rate limit reached for requests' };
  if (view.model === 'fake-length') {
    return {
      kind: 'tool-calls',
      text: 'Let me read it.',
      calls: [{ id: 'call_fake_1', name: 'read_file', args: { path: 'README.md' } }],
      stop: 'length',
    };
  }
  if (view.model === 'fake-filtered') return { kind: 'text', text: 'I can tell you that', stop: 'content-filter' };
  const cut = view.model === 'fake-cut';
  // 26 pieces of 12 characters: with the opening and closing frames, a stream of about 30 chunks.
  if (view.model === 'fake-text-30')
    return { kind: 'text', text: 'The quick brown fox jumps. '.repeat(12).slice(0, 312) };
  if (view.model === 'fake-text' || view.toolNames.length === 0)
    return { kind: 'text', text: 'Hello from the fake provider. This is a plain answer.', cut };
  if (view.toolResults.length > 0) {
    const summary = view.toolResults.map((result) => result.replace(/\s+/g, ' ').slice(0, 60)).join(' | ');
    return { kind: 'text', text: `Done. I got ${view.toolResults.length} results: ${summary}`, cut };
  }
  const wanted = ['list_files', 'read_file'].filter((name) => view.toolNames.includes(name));
  const names = wanted.length > 0 ? wanted : [view.toolNames[0]];
  const chosen = view.parallelToolCalls ? names : names.slice(0, 1);
  return {
    kind: 'tool-calls',
    text: 'Let me look.',
    calls: chosen.map((name, index) => ({ id: `call_fake_${index + 1}`, name, args: ARGS[name] ?? {} })),
    cut,
  };
}

/**
 * The text-mode fake: a JSON decision in the dialect the request asks for (structured when
 * it carries the decision schema, ReAct otherwise) — list_files first, an answer once an
 * observation came back. `fake-json-bad` replies in prose until told it could not be used.
 */
function planJsonDecision(view: FakeRequestView): FakeReply {
  if (view.model === 'fake-json-bad' && !view.raw.includes('could not be used')) {
    return { kind: 'text', text: 'I think I should list the files first.' };
  }
  const structured =
    view.raw.includes('agent_response') || view.raw.includes('\\"decision\\"') || view.raw.includes('"decision"');
  const observed = /Observation \(list_files\): ([^"\\]*)/.exec(view.raw)?.[1];
  if (view.model === 'fake-json-thinks' && !observed && !view.raw.includes('Go on: call a tool')) {
    return { kind: 'text', text: JSON.stringify({ thought: 'I should look at the files first.' }) };
  }
  const decision = observed
    ? { thought: 'I have the listing.', type: 'final_answer', answer: `The workspace holds: ${observed.trim()}` }
    : { thought: 'I need the file list.', type: 'call_tool', tool: 'list_files', args: {} };
  const text = structured
    ? JSON.stringify({
        decision: observed
          ? { scratchpad: decision.thought, answer: decision.answer }
          : { scratchpad: decision.thought, tool: 'list_files', arguments: {} },
      })
    : JSON.stringify(decision);
  return { kind: 'text', text };
}
