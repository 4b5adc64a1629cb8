'use client';

import { useMemo, useState } from 'react';
import { QUESTION_KIND_LABELS, QUESTION_KINDS, type LessonStop, type QuestionKind } from '@/lib/shapes/lesson';
import { SESSION_LIMITS } from '@/lib/shapes/session-limits';
import { WIRE_FORMATS, type WireFormat } from '@/lib/shapes/wire-capture';
import { WIRE_FORMAT_LABELS } from '@/lib/wire/wire-types';
import { stopNodeId, stopPlace } from '@/lib/lessons/stop-place';
import { useSession, useSessionActions } from '../runtime/runtime-context';
import { useTimeline } from '../shared/use-timeline';

/** A teacher's own question: the prompt, the choices (one a line) and the right one. */
function ChoiceFields({ stop }: { stop: LessonStop & { question: { kind: 'choice' } } }) {
  const { updateLessonStop } = useSessionActions();
  const { question } = stop;
  const [choicesText, setChoicesText] = useState(question.choices.join('\n'));
  const save = (patch: Partial<typeof question>) => updateLessonStop(stop.id, { question: { ...question, ...patch } });
  return (
    <div className="flex flex-col gap-1">
      <label className="flex flex-col gap-0.5">
        <span className="text-xs font-semibold">Question</span>
        <input
          className="control min-w-0 max-w-full"
          maxLength={SESSION_LIMITS.lessonQuestionChars}
          value={question.prompt}
          onChange={(event) => save({ prompt: event.target.value })}
        />
      </label>
      <label className="flex flex-col gap-0.5">
        <span className="text-xs font-semibold">Choices (one a line, 2 to {SESSION_LIMITS.lessonChoices})</span>
        <textarea
          className="control min-w-0 max-w-full"
          rows={3}
          value={choicesText}
          onChange={(event) => {
            setChoicesText(event.target.value);
            const choices = event.target.value
              .split('\n')
              .map((line) => line.trim().slice(0, SESSION_LIMITS.lessonChoiceChars))
              .filter(Boolean)
              .slice(0, SESSION_LIMITS.lessonChoices);
            if (choices.length >= 2) save({ choices, answer: Math.min(question.answer, choices.length - 1) });
          }}
        />
      </label>
      <label className="flex items-center gap-1">
        <span className="text-xs font-semibold">Right choice</span>
        <select
          className="control min-w-0 max-w-full"
          value={question.answer}
          onChange={(event) => save({ answer: Number(event.target.value) })}
        >
          {question.choices.map((choice, index) => (
            <option key={index} value={index}>
              {choice}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** A stop's question (and `Remove question`), or a kind to add one. */
function StopQuestion({ stop }: { stop: LessonStop }) {
  const { updateLessonStop } = useSessionActions();
  const [kind, setKind] = useState<QuestionKind>('next-tool');
  return stop.question ? (
    <div className="flex flex-col gap-1">
      <p className="text-xs">
        <span className="font-semibold">Question:</span> {QUESTION_KIND_LABELS[stop.question.kind]}{' '}
        <button
          type="button"
          className="button ml-1 px-1.5 py-0 text-xs"
          onClick={() => updateLessonStop(stop.id, { question: undefined })}
        >
          Remove question
        </button>
      </p>
      {stop.question.kind === 'choice' ? (
        <ChoiceFields stop={stop as LessonStop & { question: { kind: 'choice' } }} />
      ) : null}
    </div>
  ) : (
    <div className="flex flex-wrap items-center gap-1">
      <select
        className="control min-w-0 max-w-full"
        aria-label="Question kind"
        value={kind}
        onChange={(event) => setKind(event.target.value as QuestionKind)}
      >
        {QUESTION_KINDS.map((each) => (
          <option key={each} value={each}>
            {QUESTION_KIND_LABELS[each]}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button"
        onClick={() =>
          updateLessonStop(stop.id, {
            question:
              kind === 'choice'
                ? { kind, prompt: 'Your question', choices: ['First answer', 'Second answer'], answer: 0 }
                : { kind },
          })
        }
      >
        Add question
      </button>
    </div>
  );
}

/** One stop: where it points, its note, its question, its format, and moving or removing it. */
function StopEditor({
  stop,
  nodeId,
  index,
  count,
  label,
}: {
  stop: LessonStop;
  /** Its node's id in the graph as drawn now (another branch's nodes carry the branch id). */
  nodeId: string;
  index: number;
  count: number;
  label: string;
}) {
  const { updateLessonStop, moveLessonStop, removeLessonStop, selectNode } = useSessionActions();
  return (
    <li
      aria-label={`Stop ${index + 1}: ${label}`}
      className="flex flex-col gap-1 rounded-md border border-[var(--border)] p-2"
    >
      <div className="flex items-center gap-1">
        <button
          type="button"
          className="min-w-0 flex-1 truncate text-left font-semibold"
          onClick={() => selectNode(nodeId)}
        >
          {index + 1}. {label}
        </button>
        <button
          type="button"
          className="button px-1.5"
          aria-label="Move stop up"
          disabled={index === 0}
          onClick={() => moveLessonStop(stop.id, -1)}
        >
          ↑
        </button>
        <button
          type="button"
          className="button px-1.5"
          aria-label="Move stop down"
          disabled={index === count - 1}
          onClick={() => moveLessonStop(stop.id, 1)}
        >
          ↓
        </button>
        <button type="button" className="button px-1.5" onClick={() => removeLessonStop(stop.id)}>
          Remove stop
        </button>
      </div>
      <label className="flex flex-col gap-0.5">
        <span className="text-xs font-semibold">Stop note</span>
        <textarea
          className="control min-w-0 max-w-full"
          rows={3}
          aria-label="Stop note"
          maxLength={SESSION_LIMITS.lessonNoteChars}
          placeholder="What to look at here. Plain text; `code` in backticks."
          value={stop.note}
          onChange={(event) => updateLessonStop(stop.id, { note: event.target.value })}
        />
      </label>
      <StopQuestion stop={stop} />
      <label className="flex min-w-0 flex-wrap items-center gap-1 text-xs">
        <span className="shrink-0 font-semibold">Show the step as</span>
        <select
          className="control min-w-0 max-w-full"
          aria-label="Wire format"
          value={stop.format ?? ''}
          onChange={(event) =>
            updateLessonStop(stop.id, { format: (event.target.value || undefined) as WireFormat | undefined })
          }
        >
          <option value="">the run's own format</option>
          {WIRE_FORMATS.map((format) => (
            <option key={format} value={format}>
              {WIRE_FORMAT_LABELS[format]}
            </option>
          ))}
        </select>
      </label>
    </li>
  );
}

/**
 * `Lesson`: the teacher turns the run into stops — `Add stop` at the selected node (a model
 * step's node is the whole step), a note and a question each, in order — and previews it.
 */
export function LessonPane() {
  const lesson = useSession((state) => state.lesson);
  const selectedNodeId = useSession((state) => state.selectedNodeId);
  const readOnly = useSession((state) => state.readOnly);
  const { addLessonStop, playLesson, showLesson } = useSessionActions();
  const activeBranchId = useSession((state) => state.activeBranch.id);
  const branches = useSession((state) => state.branches);
  const [message, setMessage] = useState<string>();
  const timeline = useTimeline();
  const labels = useMemo(() => new Map(timeline.nodes.map((node) => [node.id, node.label])), [timeline]);
  const stops = lesson?.stops ?? [];
  return (
    <section aria-label="Lesson" className="pane">
      <h2 className="pane-title">
        Lesson ({stops.length} {stops.length === 1 ? 'stop' : 'stops'})
        <button type="button" className="button ml-auto px-1.5 py-0 normal-case" onClick={() => showLesson(false)}>
          Close
        </button>
      </h2>
      <div className="flex min-h-0 flex-1 flex-col gap-2 overflow-auto p-2 text-sm">
        <p className="muted text-xs">
          Select a node in the Timeline (a model step&apos;s node stands for the whole step), then Add stop. Each stop
          has a note and, if you like, a question the learner answers before it is revealed. Share the session: the link
          opens in lesson mode.
        </p>
        <div className="flex flex-wrap gap-1">
          <button
            type="button"
            className="button"
            disabled={readOnly || !selectedNodeId}
            title={selectedNodeId ? undefined : 'Select a node in the Timeline first'}
            onClick={() => {
              if (!selectedNodeId) return;
              const place = stopPlace(
                selectedNodeId,
                activeBranchId,
                branches.map((branch) => branch.id),
              );
              const added = addLessonStop(place.nodeId, place.branch);
              setMessage(added.ok ? undefined : added.message);
            }}
          >
            Add stop
          </button>
          <button type="button" className="button" disabled={stops.length === 0} onClick={() => playLesson(0, {})}>
            Preview lesson
          </button>
        </div>
        {message ? (
          <p role="alert" className="text-xs text-role-error">
            {message}
          </p>
        ) : null}
        <ol aria-label="Stops" className="flex flex-col gap-2">
          {stops.map((stop, index) => (
            <StopEditor
              key={stop.id}
              stop={stop}
              index={index}
              count={stops.length}
              nodeId={stopNodeId(stop, activeBranchId)}
              label={labels.get(stopNodeId(stop, activeBranchId)) ?? `${stop.nodeId} (not in this branch)`}
            />
          ))}
        </ol>
      </div>
    </section>
  );
}
