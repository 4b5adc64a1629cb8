import { z } from 'zod';
import { PROVIDER_IDS } from './run-settings-defaults';
import { SESSION_LIMITS } from './session-limits';
import { workspacePathSchema } from './workspace-path';

/*
 * An eval case (see lib/evals/CONTEXT.md): a prompt, optionally earlier messages, and what must happen —
 * which tools are called with which arguments (each argument checked by a matcher), or that
 * no tool is called; in which order and whether in one step; optionally what the answer says.
 * The format is documented in docs/evals.md.
 */

/** A pattern's flags: RE2 takes i, m and s. */
const regexFlags = z
  .string()
  .regex(/^[ims]*$/, 'may hold only i, m and s')
  .optional();

/** How one argument is checked. A bare value (not an object) means `equals`. */
export const argumentMatcherSchema = z.union([
  z.object({ equals: z.unknown(), optional: z.boolean().optional() }).strict(),
  z.object({ oneOf: z.array(z.unknown()).min(1).max(100), optional: z.boolean().optional() }).strict(),
  z
    .object({
      regex: z.string().min(1).max(1_000),
      flags: regexFlags,
      optional: z.boolean().optional(),
    })
    .strict(),
  z
    .object({
      range: z.object({ min: z.number().optional(), max: z.number().optional() }).strict(),
      optional: z.boolean().optional(),
    })
    .strict(),
  z.object({ schema: z.record(z.string(), z.unknown()), optional: z.boolean().optional() }).strict(),
  z.object({ any: z.literal(true), optional: z.boolean().optional() }).strict(),
  /**
   * BFCL's own check of one argument (a case read from BFCL): its acceptable values, and the
   * function doc's type (and item type) — types as BFCL checks them, strings compared with
   * case, spaces and ",./-_*^" ignored, dicts key by key (docs/evals.md, "BFCL").
   */
  z
    .object({
      bfcl: z.array(z.unknown()).max(1_000),
      type: z.string().max(40).optional(),
      items: z.string().max(40).optional(),
      /** A Java or JavaScript case: values are that language's syntax in a string, read as BFCL reads them. */
      language: z.enum(['java', 'javascript']).optional(),
      /** Which acceptable values ("0") or their items ("0/2") BFCL's answer wrote as floats (`133.0`). */
      floats: z.array(z.string().max(40)).max(1_000).optional(),
      optional: z.boolean().optional(),
    })
    .strict(),
  /** The argument must not be given. */
  z.object({ absent: z.literal(true) }).strict(),
]);
export type ArgumentMatcher = z.infer<typeof argumentMatcherSchema>;

/**
 * What the workspace holds after a full-loop run (the end state, as τ-bench grades it): a file
 * exists or not, equals a text, contains one, holds JSON whose value at `json.path` equals one, or
 * holds the JSON it started with, changed only as `changes` say.
 */
export const fileCheckSchema = z.union([
  z.object({ file: workspacePathSchema, exists: z.boolean() }).strict(),
  z.object({ file: workspacePathSchema, equals: z.string().max(1_000_000) }).strict(),
  z.object({ file: workspacePathSchema, contains: z.string().min(1).max(10_000) }).strict(),
  z
    .object({
      file: workspacePathSchema,
      /** `tools[0].name`, `$.a["odd key"][2]` — the value there must equal `equals` (deep). */
      json: z.object({ path: z.string().min(1).max(500), equals: z.unknown() }).strict(),
    })
    .strict(),
  z
    .object({
      file: workspacePathSchema,
      /**
       * The file's JSON is the one the run started with, changed here and nowhere else (τ²-bench's
       * database check: the end state equals the start with the expected actions' effects):
       * each `at` (keys from the root) holds `to`; every other value is as it was.
       */
      changes: z
        .array(z.object({ at: z.array(z.string().max(500)).min(1).max(32), to: z.unknown() }).strict())
        .max(SESSION_LIMITS.evalExpectedCalls),
    })
    .strict(),
]);
export type FileCheck = z.infer<typeof fileCheckSchema>;

/** A tool's name, or a pattern of names (`*` any characters, `?` one): `read_*`, `*`. */
const toolPattern = z.string().min(1).max(200);

/**
 * How the run used its tools: a tool called at most or at least n times, never, (its first call)
 * before another tool's; the tools called in this order (others may come between, unless
 * `exact`); a call to a tool whose arguments hold `withArgs` (each given key, recursively — or
 * exactly those arguments with `exact`).
 */
export const trajectoryCheckSchema = z.union([
  z.object({ tool: toolPattern, atMost: z.number().int().min(0).max(1_000) }).strict(),
  z.object({ tool: toolPattern, atLeast: z.number().int().min(1).max(1_000) }).strict(),
  z.object({ tool: toolPattern, never: z.literal(true) }).strict(),
  z.object({ tool: toolPattern, before: toolPattern }).strict(),
  z.object({ sequence: z.array(toolPattern).min(1).max(100), exact: z.boolean().optional() }).strict(),
  z.object({ tool: toolPattern, withArgs: z.record(z.string(), z.unknown()), exact: z.boolean().optional() }).strict(),
]);
export type TrajectoryCheck = z.infer<typeof trajectoryCheckSchema>;

/**
 * A check on what the model said last (its text; when it called tools, the calls as OpenAI's
 * Chat Completions lists them, as JSON) — as promptfoo checks an answer; `not` inverts it.
 */
const text = z.string().max(10_000);
const texts = z
  .array(z.union([z.string().max(10_000), z.number()]))
  .min(1)
  .max(100);
const not = z.boolean().optional();
export const outputCheckSchema = z.union([
  /** A text, number or boolean: the output is exactly it; an object or array: the output is JSON equal to it. */
  z
    .object({
      equals: z.union([text, z.number(), z.boolean(), z.array(z.unknown()), z.record(z.string(), z.unknown())]),
      not,
    })
    .strict(),
  z.object({ contains: z.union([text.min(1), z.number()]), not }).strict(),
  z.object({ icontains: z.union([text.min(1), z.number()]), not }).strict(),
  z.object({ startsWith: text.min(1), not }).strict(),
  z.object({ containsAny: texts, ignoreCase: z.boolean().optional(), not }).strict(),
  z.object({ containsAll: texts, ignoreCase: z.boolean().optional(), not }).strict(),
  z
    .object({
      regex: z.string().min(1).max(1_000),
      flags: regexFlags,
      not,
    })
    .strict(),
  /** JSON (and, given `schema`, JSON that schema accepts). */
  z.object({ isJson: z.literal(true), schema: z.record(z.string(), z.unknown()).optional(), not }).strict(),
]);
export type OutputCheck = z.infer<typeof outputCheckSchema>;

const bareValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.unknown())]);

export const expectedCallSchema = z
  .object({
    tool: z.string().min(1).max(200),
    /** Matchers by argument name; arguments not named here may be anything, unless `exactArgs`. */
    args: z.record(z.string(), z.union([argumentMatcherSchema, bareValue])).default({}),
    /** No argument besides the ones named in `args`. */
    exactArgs: z.boolean().optional(),
  })
  .strict();
export type ExpectedCall = z.infer<typeof expectedCallSchema>;

/** The simulated user of a conversation case. */
export const simulatedUserSchema = z
  .object({
    /** What the user wants and knows (the model playing the user reads it). */
    instructions: z.string().max(20_000).optional(),
    /** How the user speaks (the model playing the user reads it). */
    persona: z.string().max(5_000).optional(),
    /** The user's turns after the prompt, said in order. */
    script: z.array(z.string().min(1).max(50_000)).min(1).max(50).optional(),
    /** The model that plays the user (over the configuration's settings), when there is no script. */
    model: z
      .object({
        provider: z.enum(PROVIDER_IDS).optional(),
        model: z.string().max(200).optional(),
        baseURL: z.string().max(2_000).optional(),
        temperature: z.number().min(0).max(2).optional(),
        seed: z.number().int().min(0).max(SESSION_LIMITS.seedMax).optional(),
      })
      .strict()
      .optional(),
    /** Most user turns, the prompt included (default: unlimited by a script, which ends it; else 10). */
    maxTurns: z.number().int().min(1).max(50).optional(),
    /** A user turn holding this ends the conversation, unsent (τ²-bench's user says "###STOP###"). */
    stop: z.string().min(1).max(200).optional(),
    /** Never allowed: named only to say why (the user talks; the model playing it is offered no tools). */
    tools: z.unknown().optional(),
  })
  .strict()
  .refine((user) => user.tools === undefined, {
    message: 'a simulated user cannot call tools: it only talks (the model playing it is offered none)',
    path: ['tools'],
  })
  .refine((user) => user.script !== undefined || user.model !== undefined || user.instructions !== undefined, {
    message: 'a user needs a script, or instructions for a model to play it',
  });
export type SimulatedUser = z.infer<typeof simulatedUserSchema>;

export const evalCaseSchema = z
  .object({
    id: z.string().min(1).max(200),
    name: z.string().max(200).optional(),
    prompt: z.string().min(1).max(50_000),
    /** System instructions for this case, in place of the configuration's (a promptfoo chat prompt's). */
    system: z.string().max(SESSION_LIMITS.systemChars).optional(),
    /** Messages before the prompt (a conversation so far). */
    messages: z
      .array(z.object({ role: z.enum(['user', 'assistant']), text: z.string().max(50_000) }).strict())
      .max(50)
      .optional(),
    /**
     * A second participant (README, "Conversations"): the user, who answers the model turn by turn
     * after the prompt — from `script` (keyless, the same every repeat) or played by a model — until
     * a turn says `stop`, `maxTurns` user turns, or a terminal tool ends the run. Full-loop runs.
     */
    user: simulatedUserSchema.optional(),
    /** The workspace a full-loop run starts with (relative path → text), in place of the session's starting files. */
    files: z
      .record(workspacePathSchema, z.string().max(1_000_000))
      .refine((files) => Object.keys(files).length <= 200, 'may hold at most 200 files')
      .optional(),
    expect: z
      .object({
        /** The calls that must be made (empty, or `noTool`: none at all). */
        calls: z.array(expectedCallSchema).max(SESSION_LIMITS.evalExpectedCalls).default([]),
        noTool: z.boolean().optional(),
        /** At least one call, to any offered tool, its arguments not judged (BFCL's relevance check). */
        anyCall: z.boolean().optional(),
        /** `exact`: the calls in this order; `any` (default): in any order. */
        order: z.enum(['any', 'exact']).default('any'),
        /** `required`: all in one step; `forbidden`: one call a step; `allowed` (default): either. */
        parallel: z.enum(['allowed', 'required', 'forbidden']).default('allowed'),
        /** Calls besides the expected ones are allowed (otherwise one fails the case). */
        allowExtraCalls: z.boolean().optional(),
        /** The final answer must match this (RE2: linear time) — only in full-loop runs. */
        answer: z
          .object({
            regex: z.string().min(1).max(1_000),
            flags: regexFlags,
          })
          .strict()
          .optional(),
        /** What the workspace must hold after the run (full-loop runs). */
        files: z.array(fileCheckSchema).max(SESSION_LIMITS.evalExpectedCalls).optional(),
        /** How the run must use the tools: counts, never, before, a sequence, a call's arguments. */
        trajectory: z.array(trajectoryCheckSchema).max(SESSION_LIMITS.evalExpectedCalls).optional(),
        /** What the model said last (any mode): text checks as promptfoo makes them. */
        output: z.array(outputCheckSchema).max(SESSION_LIMITS.evalExpectedCalls).optional(),
        /**
         * The tools called, as a set, against these (F1 of precision and recall, as promptfoo's
         * `tool-call-f1`): at least `threshold` (default 1: exactly these tools).
         */
        toolF1: z
          .object({
            tools: z.array(z.string().min(1).max(200)).min(1).max(100),
            threshold: z.number().min(0).max(1).optional(),
          })
          .strict()
          .optional(),
        /**
         * Each call must be to an offered tool with arguments its schema accepts (default); `false`:
         * only the checks named here judge the run (a case read from promptfoo).
         */
        validCalls: z.boolean().optional(),
        /**
         * The user's own outcome (a case with a `user`): `stopped`, the user ended the conversation
         * with its stop phrase (its goal met, by its own judgement); `told`, the assistant told it
         * each of these (τ²-bench's `communicate_info`: in one message, ignoring case and commas).
         */
        user: z
          .object({
            stopped: z.boolean().optional(),
            told: z.array(z.string().min(1).max(2_000)).max(SESSION_LIMITS.evalExpectedCalls).optional(),
          })
          .strict()
          .optional(),
      })
      .strict(),
  })
  .strict()
  .refine((testCase) => testCase.expect.user === undefined || testCase.user !== undefined, {
    message: "expect.user judges the simulated user's outcome: the case needs a user",
    path: ['expect', 'user'],
  });
export type EvalCase = z.infer<typeof evalCaseSchema>;
export type EvalCaseInput = z.input<typeof evalCaseSchema>;

/** What a case file is: `{ kind, version, cases }`. */
export const EVAL_CASES_KIND = 'tool-playground-eval-cases';
export const MAX_EVAL_CASES = SESSION_LIMITS.evalCases;
