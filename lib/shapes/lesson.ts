import { z } from 'zod';
import { SESSION_LIMITS } from './session-limits';
import { WIRE_FORMATS } from './wire-capture';

/*
 * A lesson (see lib/lessons/CONTEXT.md): stops through a recorded run, each pointing at a timeline node (a model
 * step is its assistant node), with a note in plain text (line breaks and `code` spans, never
 * HTML) and at most one question the learner answers before the stop is revealed. Kept in the
 * session, so in files and share links; the learner's answers never are.
 */

export const QUESTION_KINDS = ['next-tool', 'arguments', 'which-result', 'outcome', 'choice'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  'next-tool': 'Which tool will the model call next?',
  arguments: 'What will the arguments be?',
  'which-result': 'Which result answers this call?',
  outcome: 'What will the model do with this result? (a perturbed branch)',
  choice: 'A question of your own (multiple choice)',
};

const choiceQuestion = z
  .object({
    kind: z.literal('choice'),
    prompt: z.string().max(SESSION_LIMITS.lessonQuestionChars),
    choices: z.array(z.string().max(SESSION_LIMITS.lessonChoiceChars)).min(2).max(SESSION_LIMITS.lessonChoices),
    /** The right choice's index. */
    answer: z
      .number()
      .int()
      .min(0)
      .max(SESSION_LIMITS.lessonChoices - 1),
  })
  .strict()
  .refine((question) => question.answer < question.choices.length, 'the right choice must be one of the choices');

export const lessonQuestionSchema = z.union([
  z.object({ kind: z.literal('next-tool') }).strict(),
  z.object({ kind: z.literal('arguments') }).strict(),
  z.object({ kind: z.literal('which-result') }).strict(),
  z.object({ kind: z.literal('outcome') }).strict(),
  choiceQuestion,
]);
export type LessonQuestion = z.infer<typeof lessonQuestionSchema>;

export const lessonStopSchema = z
  .object({
    id: z.string().min(1).max(100),
    /** The timeline node it shows (`<message id>:step-<n>` for a whole step). */
    nodeId: z.string().min(1).max(SESSION_LIMITS.lessonNodeIdChars),
    /** The branch it is on (a lesson may go from the run to a branch of it — one `Perturb result` made); none: the active one. */
    branch: z.string().max(100).optional(),
    note: z.string().max(SESSION_LIMITS.lessonNoteChars).default(''),
    question: lessonQuestionSchema.optional(),
    /** The provider format the Inspector shows the stop's step in. */
    format: z.enum(WIRE_FORMATS).optional(),
  })
  .strict();
export type LessonStop = z.infer<typeof lessonStopSchema>;

export const lessonSchema = z.object({ stops: z.array(lessonStopSchema).max(SESSION_LIMITS.lessonStops) }).strict();
export type Lesson = z.infer<typeof lessonSchema>;
