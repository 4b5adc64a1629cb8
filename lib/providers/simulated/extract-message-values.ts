/** Values a message states outright, for filling in tool arguments. */
export type MessageValues = {
  /** Text in "double", 'single' or `back` quotes, in order. */
  quoted: string[];
  /** Tokens that look like file paths (`README.md`, `src/index.js`, `./notes`). */
  paths: string[];
  /** `key=value` and `key: value` pairs, keys lower-cased. */
  assignments: Map<string, string>;
  /** Numbers in order of appearance. */
  numbers: number[];
  /** What follows "run"/"execute" when no quoted command is given. */
  commandTail: string | undefined;
  /** A capitalised word after "in", "for", "at" or "to" (e.g. a city). */
  place: string | undefined;
  /** Every place the message names, in order ("in Oslo and Lima", "in "Oslo" and in "Lima""). */
  places: string[];
  text: string;
  /** The message without quoted values and command text: what the person asks for. */
  intent: string;
};

/** Pulls the explicit values out of a user's message. */
export function extractMessageValues(text: string): MessageValues {
  const quoted = [...text.matchAll(/"([^"]+)"|'([^']+)'|`([^`]+)`/g)].map((m) => m[1] ?? m[2] ?? m[3]);
  const unquoted = text.replace(/"[^"]*"|'[^']*'|`[^`]*`/g, ' ');
  const paths = [
    ...unquoted.matchAll(
      /(?:^|\s)((?:\.{0,2}\/)?[\w-]+(?:\/[\w.-]+)*\.[A-Za-z0-9]{1,8}|[\w.-]+\/[\w./-]*)(?=[\s,;:!?)]|\.?$)/g,
    ),
  ].map((m) => m[1].replace(/\.$/, ''));
  const assignments = new Map(
    [...unquoted.matchAll(/\b([A-Za-z_][\w]*)\s*[=:]\s*([^\s,;]+)/g)].map((m) => [m[1].toLowerCase(), m[2]]),
  );
  const numbers = [...unquoted.matchAll(/(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])/g)].map((m) => Number(m[0]));
  const tail = /\b(?:run|execute)\s+(?!the\b|a\b|an\b|this\b)([^.?!\n]+)/i.exec(unquoted)?.[1]?.trim();
  const place = /\b(?:in|for|at|to)\s+([A-Z][\w-]+(?:\s[A-Z][\w-]+)*)/.exec(unquoted)?.[1];
  const intent = tail ? unquoted.replace(tail, ' ') : unquoted;
  return {
    quoted,
    paths,
    assignments,
    numbers,
    commandTail: tail || undefined,
    place,
    places: readPlaces(text),
    text,
    intent,
  };
}

/**
 * "in <place>" — a place is a quoted name or capitalised words — and, sticky right after it,
 * any ", <place>" / "and (in) <place>" that follow. Fixed patterns (nothing from a caller),
 * each branch starting with a different character, so matching stays linear in the text.
 */
const placeAfterPreposition = () => /\b(?:in|for|at|to)\s+(?:"([^"]+)"|'([^']+)'|([A-Z][\w-]+(?:\s[A-Z][\w-]+)*))/g;
const morePlaces = () =>
  /\s*(?:,\s*(?:and\s+)?|and\s+)(?:(?:in|for|at|to)\s+)?(?:"([^"]+)"|'([^']+)'|([A-Z][\w-]+(?:\s[A-Z][\w-]+)*))/y;
/** Enough places for any question a person types; a pasted novel gives no more. */
const MAX_PLACES = 20;

/** The places a message names, each once, in order. */
function readPlaces(text: string): string[] {
  const places: string[] = [];
  const add = (match: RegExpExecArray) => {
    const place = (match[1] ?? match[2] ?? match[3]).trim();
    if (place && !places.includes(place)) places.push(place);
  };
  // Fresh literals per call: the scan keeps its position in them (lastIndex).
  const after = placeAfterPreposition();
  const more = morePlaces();
  for (let match = after.exec(text); match && places.length < MAX_PLACES; match = after.exec(text)) {
    add(match);
    // A failed sticky match resets lastIndex to 0: carry on from the end of the last one that matched.
    let end = after.lastIndex;
    more.lastIndex = end;
    for (let next = more.exec(text); next && places.length < MAX_PLACES; next = more.exec(text)) {
      add(next);
      end = more.lastIndex;
    }
    after.lastIndex = end;
  }
  return places;
}
