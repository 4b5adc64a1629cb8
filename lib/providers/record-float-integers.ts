import type { LanguageModelMiddleware } from 'ai';
import { floatWrittenIntegers } from '../tools/float-written-integers';

/** Where a call's metadata keeps what the playground noticed of its arguments' text. */
export const PLAYGROUND_METADATA = 'toolPlayground';

/**
 * Notes, on each tool call the model streams, where its arguments' JSON text wrote a whole
 * number as `5.0` (`callProviderMetadata.toolPlayground.floatIntegers`): parsing loses that, and
 * BFCL's check (evals of BFCL cases) refuses such a number for an integer parameter. Nothing is
 * added to a call without one.
 */
export const recordFloatIntegers: LanguageModelMiddleware = {
  specificationVersion: 'v4',
  wrapStream: async ({ doStream }) => {
    const result = await doStream();
    return {
      ...result,
      stream: result.stream.pipeThrough(
        new TransformStream({
          transform(part, controller) {
            if (part.type !== 'tool-call') return controller.enqueue(part);
            const floatIntegers = floatWrittenIntegers(part.input);
            controller.enqueue(
              floatIntegers.length === 0
                ? part
                : { ...part, providerMetadata: { ...part.providerMetadata, [PLAYGROUND_METADATA]: { floatIntegers } } },
            );
          },
        }),
      ),
    };
  },
};
