import type { UIMessage } from 'ai';
import type { LessonQuestion, LessonStop } from '../shapes/lesson';
import { isToolUIPart } from '../shapes/tool-parts';
import { EXAMPLE_SESSIONS, type ExampleSession } from './example-sessions';
import { stepIdOf } from '../shapes/step-id';

/** Where a stop of a built-in lesson points, by what it is rather than by id (ids come from the recording). */
export type StopAnchor = { at: 'user' } | { at: 'step'; step: number } | { at: 'call' | 'result'; index: number };

export type BuiltinLessonSpec = {
  id: string;
  name: string;
  /** The example session it is recorded from (tools, settings) and the message sent. */
  example: ExampleSession;
  stops: { anchor: StopAnchor; note: string; question?: LessonQuestion }[];
};

const example = (id: string) => EXAMPLE_SESSIONS.find((each) => each.id === id)!;

/** A session of its own for the first lesson: one tool, one call, start to finish. */
const oneCall: ExampleSession = {
  ...example('validation'),
  id: 'one-call',
  name: 'One tool call, start to finish',
  session: {
    ...example('validation').session,
    tools: example('validation').session.tools.filter((tool) => tool.id === 'tool-read_file'),
    settings: {
      ...example('validation').session.settings,
      script: [
        { text: "I'll read it.", toolCalls: [{ toolName: 'read_file', input: { path: 'README.md' } }] },
        { text: 'README.md says this is a tiny Node.js project to explore with tools.' },
      ],
    },
  },
  draft: 'What does README.md say?',
};

/** The three lessons every playground offers, recorded with the simulated model (`npm run lessons:record`). */
export const BUILTIN_LESSON_SPECS: readonly BuiltinLessonSpec[] = [
  {
    id: 'one-call',
    name: 'One tool call, start to finish',
    example: oneCall,
    stops: [
      {
        anchor: { at: 'user' },
        note: 'The app sends your message to the model together with the definition of every enabled tool — here only `read_file`, its name, description and JSON Schema.',
      },
      {
        anchor: { at: 'step', step: 1 },
        note: 'The model runs nothing itself. It answers with a `tool_calls` entry: a tool name, arguments as JSON, and a call id.',
        question: { kind: 'next-tool' },
      },
      {
        anchor: { at: 'call', index: 0 },
        note: "The arguments must fit the tool's schema: `path` is required.",
        question: { kind: 'arguments' },
      },
      {
        anchor: { at: 'result', index: 0 },
        note: 'The app runs the tool and sends its result back in a `tool` message that carries the same call id.',
      },
      {
        anchor: { at: 'step', step: 2 },
        note: 'With the result in its context the model writes the final answer: request → tool call → result → answer.',
      },
    ],
  },
  {
    id: 'parallel',
    name: 'Parallel calls and call ids',
    example: example('coding'),
    stops: [
      {
        anchor: { at: 'step', step: 1 },
        note: 'Several tool calls in one reply are parallel calls. Each has a call id of its own.',
        question: {
          kind: 'choice',
          prompt: 'How does the model call the two tools?',
          choices: ['One call now, the other in the next step', 'Both in the same step', 'It runs them itself'],
          answer: 1,
        },
      },
      {
        anchor: { at: 'call', index: 1 },
        note: 'Results may come back in any order: the call id says which result answers which call.',
        question: { kind: 'which-result' },
      },
      {
        anchor: { at: 'step', step: 2 },
        note: 'The next request carries both results, each joined to its call by the id.',
      },
    ],
  },
  {
    id: 'wrong-argument',
    name: 'A wrong argument: validation error, the model retries',
    example: example('validation'),
    stops: [
      {
        anchor: { at: 'call', index: 0 },
        note: '`write_file` requires `path` and `content`. Look at the arguments the model sent.',
      },
      {
        anchor: { at: 'result', index: 0 },
        note: 'The app checks the arguments against the schema before running anything, and sends the error back as the result.',
        question: {
          kind: 'choice',
          prompt: 'What will the app send back for this call?',
          choices: ['A validation error: `content` is missing', 'The file, written', 'Nothing: the call waits'],
          answer: 0,
        },
      },
      {
        anchor: { at: 'step', step: 2 },
        note: 'The model reads the error and tries again.',
        question: { kind: 'next-tool' },
      },
      {
        anchor: { at: 'step', step: 3 },
        note: 'This time the call was valid, the file was written, and the model says so.',
      },
    ],
  },
];

/** The stops of a spec at the nodes of a recorded run (ids as the timeline gives them). */
export function placeStops(messages: readonly UIMessage[], spec: BuiltinLessonSpec): LessonStop[] {
  const user = messages.find((message) => message.role === 'user');
  const assistant = messages.find((message) => message.role === 'assistant');
  if (!user || !assistant) throw new Error(`${spec.id}: the recording has no run`);
  const calls = assistant.parts.filter(isToolUIPart).map((part) => (part as { toolCallId: string }).toolCallId);
  return spec.stops.map(({ anchor, note, question }, index) => {
    const nodeId =
      anchor.at === 'user'
        ? user.id
        : anchor.at === 'step'
          ? stepIdOf(assistant.id, anchor.step)
          : `${calls[anchor.index]}:${anchor.at}`;
    if (anchor.at !== 'user' && anchor.at !== 'step' && calls[anchor.index] === undefined)
      throw new Error(`${spec.id}: the recording has no call ${anchor.index + 1}`);
    return { id: `stop-${index + 1}`, nodeId, note, ...(question ? { question } : {}) };
  });
}
