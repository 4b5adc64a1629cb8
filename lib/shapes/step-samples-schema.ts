import { z } from 'zod';
import { evalCaseSchema } from './eval-case';
import { SESSION_LIMITS } from './session-limits';

/* The samples a session keeps (see step-samples.ts), as a session file or a link is read back. */

const sampledCallSchema = z.object({
  toolName: z.string().max(SESSION_LIMITS.mcpToolNameChars),
  input: z.unknown(),
  problem: z.string().max(SESSION_LIMITS.sampleErrorChars).optional(),
});

const stepSampleSchema = z.object({
  n: z.number().int().min(1).max(SESSION_LIMITS.stepSamples),
  calls: z.array(sampledCallSchema).max(SESSION_LIMITS.sampleCallsEach),
  text: z.string().max(SESSION_LIMITS.sampleTextChars),
  error: z.string().max(SESSION_LIMITS.sampleErrorChars).optional(),
  ms: z.number().min(0),
  inputTokens: z.number().int().min(0).optional(),
  outputTokens: z.number().int().min(0).optional(),
});

const sampleChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('tools'),
    variantId: z.string().max(100),
    name: z.string().max(SESSION_LIMITS.evalNameChars),
  }),
  z.object({
    kind: z.literal('tool'),
    name: z.string().max(SESSION_LIMITS.mcpToolNameChars),
    description: z.string().max(SESSION_LIMITS.systemChars).optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({
    kind: z.literal('settings'),
    name: z.string().max(SESSION_LIMITS.evalNameChars),
    settings: z.record(z.string(), z.unknown()),
  }),
]);

const stepSamplingSchema = z.object({
  id: z.string().min(1).max(100),
  change: sampleChangeSchema.optional(),
  provider: z.string().max(40),
  model: z.string().max(SESSION_LIMITS.modelIdChars),
  seed: z.number().int().min(0).max(SESSION_LIMITS.seedMax).optional(),
  samples: z.array(stepSampleSchema).max(SESSION_LIMITS.stepSamples),
});

/** Samples by step id (`<message id>:step-<n>`): at most 2,000 in the session. */
export const stepSamplesSchema = z
  .record(
    z.string().max(SESSION_LIMITS.lessonNodeIdChars),
    z.object({
      samplings: z.array(stepSamplingSchema).max(SESSION_LIMITS.stepSamplings),
      expect: evalCaseSchema.shape.expect.optional(),
    }),
  )
  .refine(
    (steps) =>
      Object.values(steps).reduce(
        (sum, step) => sum + step.samplings.reduce((within, sampling) => within + sampling.samples.length, 0),
        0,
      ) <= SESSION_LIMITS.sessionSamples,
    `may hold at most ${SESSION_LIMITS.sessionSamples} samples`,
  );
