'use client';

import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { isRightAnswer, questionFacts, type QuestionFacts } from '@/lib/lessons/lesson-play';
import { hashName } from '@/lib/shapes/mcp-tool-drafts';
import { readToolName } from '@/lib/shapes/tool-source';
import type { LessonAnswer } from '@/lib/session/lesson-actions';
import type { LessonStop } from '@/lib/shapes/lesson';
import { isTyping } from '../shared/is-typing';
import { useOptionalRuntime, useSession, useSessionActions } from '../runtime/runtime-context';
import type { SessionLibrary } from '../runtime/create-session-library';

/** A note as its author wrote it: plain text, line breaks kept, `code` spans — never HTML. */
export function LessonNote({ text }: { text: string }) {
  const pieces = text.split('`');
  return (
    <p className="whitespace-pre-wrap">
      {pieces.map((piece, index) =>
        // Odd pieces sat between backticks (a lone backtick at the end stays text).
        index % 2 === 1 && index < pieces.length - 1 ? (
          <code key={index} className="rounded bg-[var(--hover)] px-1 font-mono">
            {piece}
          </code>
        ) : (
          <span key={index}>{index % 2 === 1 ? `\`${piece}` : piece}</span>
        ),
      )}
    </p>
  );
}

/** Where a learner's answers to one lesson are kept in this browser (never in the session or a link). */
const answersKey = (lessonJson: string) => `tool-playground:lesson-answers:${hashName(lessonJson)}`;

function readAnswers(key: string): Record<string, LessonAnswer> {
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}') as unknown;
    if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) return {};
    return Object.fromEntries(
      Object.entries(saved).filter(
        ([, answer]) =>
          typeof answer === 'object' &&
          answer !== null &&
          typeof (answer as LessonAnswer).given === 'string' &&
          typeof (answer as LessonAnswer).right === 'boolean',
      ),
    ) as Record<string, LessonAnswer>;
  } catch {
    return {};
  }
}

/** The question of the stop: choices or a JSON box, then right or wrong with the real value. */
function Question({
  facts,
  answer,
  onAnswer,
}: {
  facts: QuestionFacts;
  answer: LessonAnswer | undefined;
  onAnswer: (given: string) => void;
}) {
  const [given, setGiven] = useState('');
  if (facts.kind === 'unavailable') return <p className="muted">{facts.reason}</p>;
  if (answer) {
    // A choice is said as the learner saw it, not by its value (a call id, an index).
    const said =
      facts.kind === 'arguments'
        ? answer.given
        : (facts.choices.find((choice) => choice.value === answer.given)?.text ?? answer.given);
    return (
      <p role="status" className={answer.right ? 'text-role-result' : 'text-role-error'}>
        {answer.right ? 'Right.' : 'Not quite.'} {facts.prompt} Your answer: <code>{said || '(none)'}</code>. The run:{' '}
        <code>{facts.shown}</code>.
      </p>
    );
  }
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (given.trim()) onAnswer(given);
      }}
    >
      {facts.kind === 'arguments' ? (
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{facts.prompt}</span>
          <textarea
            className="control font-mono"
            rows={2}
            aria-label="Your arguments (JSON)"
            placeholder='{"path": "README.md"}'
            value={given}
            onChange={(event) => setGiven(event.target.value)}
          />
        </label>
      ) : (
        <fieldset className="flex flex-wrap gap-x-3 gap-y-1">
          <legend className="mb-1 font-semibold">{facts.prompt}</legend>
          {facts.choices.map((choice) => (
            <label key={choice.value} className="flex items-center gap-1">
              <input
                type="radio"
                name="lesson-answer"
                value={choice.value}
                checked={given === choice.value}
                onChange={() => setGiven(choice.value)}
              />
              <span className="font-mono">{choice.text}</span>
            </label>
          ))}
        </fieldset>
      )}
      <button type="submit" className="button self-start" disabled={!given.trim()}>
        Check answer
      </button>
    </form>
  );
}

/** The session a built-in lesson was opened from, while its session is on screen: `Leave lesson` goes back there. */
function useBackFromLesson(library: SessionLibrary | undefined): { id: string; name: string } | undefined {
  const subscribe = (listener: () => void) => library?.state.subscribe(listener) ?? (() => {});
  const id = useSyncExternalStore(subscribe, () => {
    const state = library?.state.getState();
    return state?.returnTo?.from === state?.currentId ? state?.returnTo?.to : undefined;
  });
  const name = useSyncExternalStore(
    subscribe,
    () => library?.state.getState().entries.find((entry) => entry.id === id)?.name,
  );
  return id && name ? { id, name } : undefined;
}

/**
 * What playing a lesson keeps in step: the answers this browser gave (read back, saved), the stop's
 * branch shown, the graph and the Inspector on the stop once it is revealed, ← and → between stops.
 */
function useLessonPlayback({
  remember,
  key,
  answers,
  stop,
  waiting,
  at,
  count,
}: {
  remember: boolean;
  key: string;
  answers: Record<string, unknown>;
  stop: LessonStop | undefined;
  waiting: boolean;
  at: number;
  count: number;
}) {
  const { playLesson, selectNode, switchBranch } = useSessionActions();
  const activeBranchId = useSession((state) => state.activeBranch.id);
  const branches = useSession((state) => state.branches);
  // The answers this browser gave before come back (a learner reopening the link).
  useEffect(() => {
    if (remember) playLesson(0, readAnswers(key));
  }, [remember, key, playLesson]);
  useEffect(() => {
    if (!remember || Object.keys(answers).length === 0) return;
    try {
      localStorage.setItem(key, JSON.stringify(answers));
    } catch {
      // Storage refused: the answers stay for this visit.
    }
  }, [remember, key, answers]);
  // A stop on another branch (the run, then a perturbed branch of it) shows that branch.
  useEffect(() => {
    if (stop?.branch && stop.branch !== activeBranchId && branches.some((branch) => branch.id === stop.branch))
      switchBranch(stop.branch);
  }, [stop, activeBranchId, branches, switchBranch]);
  // The graph and the Inspector follow the stop (once it is revealed).
  useEffect(() => {
    if (stop && !waiting) selectNode(stop.nodeId);
  }, [stop, waiting, selectNode]);
  // ← and → move between stops, outside a text box.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowRight' && !waiting && at < count - 1) playLesson(at + 1);
      else if (event.key === 'ArrowLeft' && at > 0) playLesson(at - 1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [at, count, waiting, playLesson]);
}

/**
 * Lesson mode: stop by stop through the run (Previous stop / Next stop, or ← →), the note, the
 * question that holds back the reveal, and the score at the end. `remember` keeps the learner's
 * answers in this browser's storage (the embed player keeps them in memory only).
 */
export function LessonPlayer({ remember }: { remember: boolean }) {
  const lesson = useSession((state) => state.lesson);
  const play = useSession((state) => state.lessonPlay);
  const library = useOptionalRuntime()?.library;
  const backTo = useBackFromLesson(library);
  const messages = useSession((state) => state.messages);
  const tools = useSession((state) => state.tools);
  const { playLesson, answerLessonStop } = useSessionActions();
  const perturbed = useSession((state) => state.replays[state.activeBranch.id]?.perturbed);
  const stops = lesson?.stops ?? [];
  const key = useMemo(() => answersKey(JSON.stringify(lesson ?? {})), [lesson]);
  const at = play?.stop ?? 0;
  const stop = stops[at];
  const answers = play?.answers ?? {};
  const offered = useMemo(
    () =>
      tools
        .filter((tool) => tool.enabled)
        .map((tool) => readToolName(tool.source))
        .filter((name): name is string => Boolean(name)),
    [tools],
  );
  const facts = useMemo(
    () => (stop ? questionFacts(messages, stop, offered, perturbed) : undefined),
    [messages, stop, offered, perturbed],
  );
  const answer = stop ? answers[stop.id] : undefined;
  const waiting = Boolean(facts) && !answer;

  useLessonPlayback({ remember, key, answers, stop, waiting, at, count: stops.length });

  if (!stop) return null;
  const asked = stops.filter((each) => each.question);
  const right = asked.filter((each) => answers[each.id]?.right).length;
  const last = at === stops.length - 1;
  return (
    <section
      aria-label="Lesson player"
      className="lesson-player flex flex-col gap-1 rounded-lg border border-[var(--border)] bg-[var(--panel)] p-2 text-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <strong>Lesson</strong>
        <span>
          Stop {at + 1} of {stops.length}
        </span>
        <div className="ml-auto flex gap-1">
          <button type="button" className="button" disabled={at === 0} onClick={() => playLesson(at - 1)}>
            Previous stop
          </button>
          <button
            type="button"
            className="button"
            disabled={last || waiting}
            title={waiting ? 'Answer the question first' : undefined}
            onClick={() => playLesson(at + 1)}
          >
            Next stop
          </button>
          <button
            type="button"
            className="button"
            title={backTo ? `Back to ${backTo.name}` : undefined}
            onClick={() => {
              playLesson(undefined);
              if (!backTo || !library) return;
              library.state.setState({ returnTo: undefined });
              void library.switchTo(backTo.id);
            }}
          >
            Leave lesson
          </button>
        </div>
      </div>
      {stop.note ? <LessonNote text={stop.note} /> : null}
      {facts ? (
        <Question
          key={stop.id}
          facts={facts}
          answer={answer}
          onAnswer={(given) => answerLessonStop(stop.id, { given, right: isRightAnswer(facts, given) })}
        />
      ) : null}
      {last && !waiting && asked.length > 0 ? (
        <p role="status" className="font-semibold">
          Score: {right} of {asked.length} right.
        </p>
      ) : null}
    </section>
  );
}
