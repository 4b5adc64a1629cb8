import { bfclCategoryOf } from '../../shapes/bfcl-category';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a BFCL function doc says of one parameter: its type, its items' type, whether it is required. */
type BfclParameter = { type?: string; items?: string; required: boolean };

/** The parameters of the entry's function docs, by function name, then parameter name. */
function bfclParameters(functions: unknown): Map<string, Map<string, BfclParameter>> {
  const found = new Map<string, Map<string, BfclParameter>>();
  for (const doc of Array.isArray(functions) ? functions : []) {
    if (!isRecord(doc) || typeof doc.name !== 'string' || !isRecord(doc.parameters)) continue;
    const properties = isRecord(doc.parameters.properties) ? doc.parameters.properties : {};
    const required = Array.isArray(doc.parameters.required) ? doc.parameters.required : [];
    found.set(
      doc.name,
      new Map(
        Object.entries(properties).map(([name, property]) => {
          const details = isRecord(property) ? property : {};
          const items =
            isRecord(details.items) && typeof details.items.type === 'string' ? details.items.type : undefined;
          const type = typeof details.type === 'string' ? details.type : undefined;
          return [name, { type, items, required: required.includes(name) }];
        }),
      ),
    );
  }
  return found;
}

/**
 * One BFCL ground-truth argument (its acceptable values; "" means it may be left out, unless
 * the function doc requires it) as BFCL's own check, with the doc's type.
 */
function bfclMatcher(
  values: unknown,
  parameter: BfclParameter | undefined,
  language: 'python' | 'java' | 'javascript',
  floats: readonly string[],
): Record<string, unknown> {
  const list = Array.isArray(values) ? values : [values];
  const optional = list.includes('') && !parameter?.required;
  return {
    bfcl: list,
    ...(parameter?.type ? { type: parameter.type } : {}),
    ...(parameter?.items ? { items: parameter.items } : {}),
    ...(language === 'python' ? {} : { language }),
    ...(floats.length > 0 ? { floats: [...floats] } : {}),
    ...(optional ? { optional: true } : {}),
  };
}

/**
 * A BFCL message's `content` as text: a string, or text parts (`"…"` or `{ text }`); anything
 * else is undefined (the case is then refused with a sentence naming the message).
 */
function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const texts = content.map((part) =>
    typeof part === 'string' ? part : isRecord(part) && typeof part.text === 'string' ? part.text : undefined,
  );
  return texts.every((text) => text !== undefined) ? texts.join('') : undefined;
}

/** Thrown for a BFCL entry that cannot become a case; its message names the entry and the field. */
export class BfclEntryError extends Error {}

/** What one BFCL entry became: a case (with its category, if BFCL's), or a refusal with the reason. */
export type BfclEntry =
  | { kind: 'case'; value: unknown; category: string }
  | { kind: 'refused'; category: string; why: string };

/**
 * A BFCL entry — `question` (turns of `{role, content}`) with `ground_truth` (a list of
 * `{ function: { argument: [acceptable values] } }`) — as its category asks (`bfcl-category.ts`):
 * the first turn's last user message is the prompt, the turn's earlier messages come before it;
 * graded categories expect their ground truth's calls, irrelevance none, relevance any call. An
 * id of one's own is graded by its ground truth, or expects no call when that is an empty list.
 */
export function readBfclEntry(entry: Record<string, unknown>, index: number, floats: string[][] = []): BfclEntry {
  const id = typeof entry.id === 'string' ? entry.id : `bfcl-${index + 1}`;
  const category = bfclCategoryOf(id);
  const name = category?.name ?? 'of its own';
  const handling = category?.handling ?? { kind: 'graded', language: 'python' };
  if (handling.kind === 'refused') return { kind: 'refused', category: name, why: handling.why };
  const truth = Array.isArray(entry.ground_truth) ? entry.ground_truth.filter(isRecord) : undefined;
  // A question of one's own with an empty ground truth must call nothing; BFCL's graded ones always have an answer.
  const ownNoCall = category === undefined && truth?.length === 0;
  if (handling.kind === 'graded' && (truth === undefined || truth.length === 0) && !ownNoCall)
    return {
      kind: 'refused',
      category: name,
      why:
        category === undefined
          ? 'it has no ground truth (give its possible answers, or an empty list for a question that must call no tool)'
          : 'it has no possible answer (paste its line from possible_answer/ with it)',
    };
  const turns = Array.isArray(entry.question) ? entry.question : [];
  const turn = (Array.isArray(turns[0]) ? turns[0] : turns).filter(isRecord);
  const lastUser = turn.map((message) => message.role).lastIndexOf('user');
  const docs = bfclParameters(entry.function);
  const text = (message: Record<string, unknown>, at: number) => {
    const read = contentText(message.content ?? '');
    if (read === undefined)
      throw new BfclEntryError(
        `BFCL entry ${index + 1} (${id}): message ${at + 1}'s "content" must be text or a list of text parts, not ${Array.isArray(message.content) ? 'a list of other parts' : typeof message.content}.`,
      );
    return read;
  };
  const language = handling.kind === 'graded' ? handling.language : 'python';
  const expected =
    handling.kind === 'any-call'
      ? { anyCall: true }
      : handling.kind === 'no-call' || truth === undefined || truth.length === 0
        ? { noTool: true }
        : {
            // BFCL counts an argument its answer does not name as wrong: the arguments are exact.
            calls: truth.flatMap((call, at) =>
              Object.entries(call).map(([tool, args]) => ({
                tool,
                args: Object.fromEntries(
                  Object.entries(isRecord(args) ? args : {}).map(([name, values]) => {
                    // Which acceptable values (and their items) BFCL's answer wrote as floats: "0", "0/2".
                    const written = floats
                      .filter(
                        (path) =>
                          path[0] === 'ground_truth' && path[1] === String(at) && path[2] === tool && path[3] === name,
                      )
                      .map((path) => path.slice(4).join('/'))
                      .filter((path) => path !== '');
                    return [name, bfclMatcher(values, docs.get(tool)?.get(name), language, written)];
                  }),
                ),
                exactArgs: true,
              })),
            ),
          };
  return {
    kind: 'case',
    category: name,
    value: {
      id,
      prompt: lastUser === -1 ? '' : text(turn[lastUser], lastUser),
      ...(lastUser > 0
        ? {
            messages: turn
              .slice(0, lastUser)
              .map((message, at) => ({ message, at }))
              .filter(({ message }) => message.role === 'user' || message.role === 'assistant')
              .map(({ message, at }) => ({ role: message.role, text: text(message, at) })),
          }
        : {}),
      expect: expected,
    },
  };
}
