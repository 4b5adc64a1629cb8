import type { Wllama } from '@wllama/wllama';
import type { GenerateRequest, Generated, LocalEngine, LocalPrompt } from '@/lib/providers/local-model/local-engine';

/*
 * The local model's engine in the browser: llama.cpp compiled to WebAssembly (wllama), in its own
 * worker. Its completion API is llama.cpp server's: the prompt goes as text (its special tokens
 * read as tokens), `n_probs` returns the next token's probabilities with their ids, `grammar` and
 * `json_schema` constrain the output, and `logit_bias` bans tokens.
 */

type Logprob = { id: number; logprob: number; top_logprobs?: { id: number; logprob: number }[] };
type Choice = { text: string; finish_reason: string | null; logprobs: { content?: Logprob[] } | null };
type Completion = { choices: Choice[]; usage?: { prompt_tokens: number } };

/** A prompt as text: the tokens already chosen spelled out (with a byte vocabulary the spelling reads back as the same tokens). */
function promptText(prompt: LocalPrompt, pieces: readonly Uint8Array[]): string {
  if (prompt.tokens.length === 0) return prompt.text;
  const bytes = prompt.tokens.flatMap((token) => [...(pieces[token] ?? [])]);
  return prompt.text + new TextDecoder().decode(Uint8Array.from(bytes));
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const isWholeUtf8 = (piece: Uint8Array) => {
  try {
    strictUtf8.decode(piece);
    return true;
  } catch {
    return false;
  }
};

/** The most next-token probabilities asked for at once (a bigger vocabulary's tail below them counts as 0). */
const MAX_PROBABILITIES = 2048;

/** The engine over a loaded wllama model; `pieces` are the vocabulary's bytes (from the file's header). */
export function createWllamaEngine(wllama: Wllama, pieces: readonly Uint8Array[]): LocalEngine {
  const vocabularySize = pieces.length;
  const eogTokens = new Set<number>();
  for (let token = 0; token < vocabularySize; token++) if (wllama.isTokenEOG(token)) eogTokens.add(token);
  // llama.cpp's server cannot write a token that is a lone part of a UTF-8 character into its JSON
  // (it fails the whole request), and the grammar never lets one stand alone at a decision: ask for
  // as many probabilities as there are whole-character tokens, so such tokens (least likely) stay out.
  let probabilityCount = Math.min(pieces.filter(isWholeUtf8).length, MAX_PROBABILITIES);

  const nextTokenProbabilities = async (prompt: LocalPrompt, signal?: AbortSignal): Promise<Float64Array> => {
    let completion: Completion;
    try {
      completion = (await wllama.createCompletion({
        prompt: promptText(prompt, pieces),
        max_tokens: 1,
        n_probs: probabilityCount,
        temperature: 1,
        top_k: 0,
        top_p: 1,
        min_p: 0,
        abortSignal: signal,
      })) as unknown as Completion;
    } catch (error) {
      // A partial character ranked high here: ask for fewer (the tail beyond counts as 0).
      if (signal?.aborted || probabilityCount <= 64) throw error;
      probabilityCount = Math.floor(probabilityCount / 2);
      return nextTokenProbabilities(prompt, signal);
    }
    const distribution = new Float64Array(vocabularySize);
    for (const entry of completion.choices[0]?.logprobs?.content?.[0]?.top_logprobs ?? [])
      distribution[entry.id] = Math.exp(entry.logprob);
    return distribution;
  };

  const generate = async (request: GenerateRequest): Promise<Generated> => {
    const { temperature, topK, topP, seed } = request.sampling;
    let text = '';
    let finish: Generated['finish'] = 'length';
    let promptTokens = 0;
    let outputTokens = 0;
    try {
      await wllama.createCompletion({
        prompt: promptText(request.prompt, pieces),
        stream: true,
        max_tokens: request.maxTokens,
        temperature,
        top_k: topK,
        top_p: topP,
        min_p: 0,
        seed,
        abortSignal: request.signal,
        ...(request.grammar ? { grammar: request.grammar } : {}),
        ...(request.jsonSchema ? { json_schema: request.jsonSchema } : {}),
        ...(request.bannedTokens?.length
          ? { logit_bias: request.bannedTokens.map((token) => [token, false]) } // llama.cpp: false is "never"
          : {}),
        onData: (chunk) => {
          const choice = (chunk as unknown as Completion).choices[0];
          if (!choice) return;
          if (choice.text) {
            text += choice.text;
            request.onText?.(choice.text);
          }
          if (choice.finish_reason === 'stop') finish = 'stop';
          const usage = (chunk as unknown as Completion).usage as
            | { prompt_tokens: number; completion_tokens?: number }
            | undefined;
          if (usage) {
            promptTokens = usage.prompt_tokens;
            outputTokens = usage.completion_tokens ?? outputTokens;
          }
        },
      } as Parameters<Wllama['createCompletion']>[0] & { stream: true; onData: (chunk: unknown) => void });
    } catch (error) {
      if (!request.signal?.aborted) throw error;
      finish = 'aborted';
    }
    // The tokens' ids are not asked for (llama.cpp cannot write a partial character's token into JSON): only their count.
    return { text, tokens: Array.from({ length: outputTokens }, () => -1), finish, promptTokens };
  };

  return { eogTokens, nextTokenProbabilities, generate };
}
