import type { Lesson, LessonStop } from '../shapes/lesson';
import { type Added, clipToLimit, SESSION_LIMITS } from '../shapes/session-limits';
import { newId } from '../shapes/new-id';
import type { SessionData } from './session-schema';

/** What a learner answered at one stop (kept in this browser only, never in the session). */
export type LessonAnswer = { given: string; right: boolean };

/** Where a lesson is being played: which stop, and what was answered. */
export type LessonPlay = { stop: number; answers: Readonly<Record<string, LessonAnswer>> };

type LessonState = Pick<SessionData, 'lesson'> & { lessonPlay: LessonPlay | undefined; lessonOpen: boolean };
type SetState = (update: (state: LessonState) => Partial<LessonState>) => void;

export type LessonActions = {
  /** Shows the `Lesson` region (authoring) in place of the Inspector, or hides it. */
  showLesson(open: boolean): void;
  /** A stop at a timeline node (of `branch`, when given), after the last; refused past the bound. */
  addLessonStop(nodeId: string, branch?: string): Added;
  updateLessonStop(id: string, patch: Partial<Omit<LessonStop, 'id'>>): void;
  moveLessonStop(id: string, by: -1 | 1): void;
  removeLessonStop(id: string): void;
  /** Plays the lesson from a stop (or stops playing): the graph shows only what happened up to it. */
  playLesson(stop: number | undefined, answers?: Readonly<Record<string, LessonAnswer>>): void;
  answerLessonStop(stopId: string, answer: LessonAnswer): void;
};

const stopsOf = (lesson: Lesson | undefined) => lesson?.stops ?? [];

/**
 * The session's lesson actions (see lib/lessons/CONTEXT.md): edits through `set` (refused while read-only, saved),
 * playing through `view` (a learner plays a shared, read-only lesson); bounded as the session
 * schema reads them back.
 */
export function createLessonActions(set: SetState, view: SetState): LessonActions {
  const setStops = (change: (stops: LessonStop[]) => LessonStop[]) =>
    set((state) => {
      const stops = change([...stopsOf(state.lesson)]);
      return { lesson: stops.length > 0 ? { stops } : undefined };
    });
  return {
    showLesson: (lessonOpen) => view(() => ({ lessonOpen })),
    addLessonStop: (nodeId, branch) => {
      let added: Added = { ok: false, message: '' };
      setStops((stops) => {
        if (stops.length >= SESSION_LIMITS.lessonStops) {
          added = { ok: false, message: `A lesson has at most ${SESSION_LIMITS.lessonStops} stops.` };
          return stops;
        }
        const id = `stop-${newId()}`;
        added = { ok: true, id };
        return [
          ...stops,
          {
            id,
            nodeId: nodeId.slice(0, SESSION_LIMITS.lessonNodeIdChars),
            note: '',
            ...(branch === undefined ? {} : { branch: branch.slice(0, 100) }),
          },
        ];
      });
      return added;
    },
    updateLessonStop: (id, patch) =>
      setStops((stops) =>
        stops.map((stop) =>
          stop.id === id
            ? {
                ...stop,
                ...patch,
                note: clipToLimit(patch.note ?? stop.note, SESSION_LIMITS.lessonNoteChars),
              }
            : stop,
        ),
      ),
    moveLessonStop: (id, by) =>
      setStops((stops) => {
        const at = stops.findIndex((stop) => stop.id === id);
        const to = at + by;
        if (at === -1 || to < 0 || to >= stops.length) return stops;
        [stops[at], stops[to]] = [stops[to], stops[at]];
        return stops;
      }),
    removeLessonStop: (id) => setStops((stops) => stops.filter((stop) => stop.id !== id)),
    playLesson: (stop, answers) =>
      view((state) => ({
        lessonPlay:
          stop === undefined
            ? undefined
            : {
                stop: Math.max(0, Math.min(stop, stopsOf(state.lesson).length - 1)),
                answers: answers ?? state.lessonPlay?.answers ?? {},
              },
      })),
    answerLessonStop: (stopId, answer) =>
      view((state) =>
        state.lessonPlay
          ? { lessonPlay: { ...state.lessonPlay, answers: { ...state.lessonPlay.answers, [stopId]: answer } } }
          : {},
      ),
  };
}
