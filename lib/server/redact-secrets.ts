import 'server-only';

/** Runs of this many characters of a secret are treated as the secret. */
const MIN_SECRET_RUN = 8;
/** Anything shaped like a provider key, known or not. */
const KEY_SHAPE = /\b(sk|key|token|AIza|ghp|xox[bp])[-_A-Za-z0-9]{12,}/g;
const REDACTED = '[redacted]';

/**
 * `text` with every secret removed — not only the exact key but also what providers and
 * proxies make of it: a prefix before a mask (`sk-abc12345…****`), the key split by spaces,
 * any run of 8 or more of its characters, reversed or base64-encoded — and anything shaped
 * like a key.
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    const key = secret?.replace(/\s+/g, '') ?? '';
    if (key.length === 0) continue;
    if (key.length < MIN_SECRET_RUN) {
      out = out.split(key).join(REDACTED);
      continue;
    }
    // Almost every text holds none of it: one squeezed copy, searched natively for every form's runs.
    const squeezed = out.replace(/\s+/g, '');
    for (const form of disguisesOf(key)) if (sharesRun(squeezed, form)) out = redactRuns(out, form);
  }
  return out.replace(KEY_SHAPE, REDACTED);
}

/**
 * A key as it may also appear: itself, reversed, and base64 / base64url-encoded at each of the
 * three byte alignments (inside `Basic user:key`, say) — the encoded middle of each, whose
 * characters do not depend on what came before or after it.
 */
function disguisesOf(key: string): string[] {
  const forms = [key, [...key].reverse().join('')];
  for (let shift = 0; shift < 3; shift++) {
    const encoded = Buffer.from(`${'\0'.repeat(shift)}${key}`, 'utf8').toString('base64');
    const start = Math.ceil((shift * 4) / 3);
    const core = encoded.slice(start, encoded.length - 4);
    if (core.length >= MIN_SECRET_RUN) forms.push(core, core.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return forms;
}

/** The runs of `MIN_SECRET_RUN` characters of a key. */
function gramsOf(key: string): Set<string> {
  const grams = new Set<string>();
  for (let index = 0; index + MIN_SECRET_RUN <= key.length; index++)
    grams.add(key.slice(index, index + MIN_SECRET_RUN));
  return grams;
}

/** Whether `squeezed` (a text without white space) holds any run of `MIN_SECRET_RUN` characters of `key`. */
function sharesRun(squeezed: string, key: string): boolean {
  for (const gram of gramsOf(key)) if (squeezed.includes(gram)) return true;
  return false;
}

/** Replaces each stretch of `text` (white space inside it ignored) that shares 8+ characters in a row with `key`. */
function redactRuns(text: string, key: string): string {
  const grams = gramsOf(key);
  // Positions in `text` of its non-space characters, so "sk-ab cd-ef" is read as "sk-abcd-ef".
  const positions: number[] = [];
  for (let index = 0; index < text.length; index++) if (!/\s/.test(text[index])) positions.push(index);
  const compact = positions.map((position) => text[position]).join('');
  const marked = new Uint8Array(text.length);
  for (let index = 0; index + MIN_SECRET_RUN <= compact.length; index++) {
    if (!grams.has(compact.slice(index, index + MIN_SECRET_RUN))) continue;
    for (let offset = 0; offset < MIN_SECRET_RUN; offset++) marked[positions[index + offset]] = 1;
  }
  let out = '';
  for (let index = 0; index < text.length; index++) {
    if (!marked[index]) {
      out += text[index];
      continue;
    }
    out += REDACTED;
    // Swallow the rest of the run, spaces between its characters included.
    while (
      index + 1 < text.length &&
      (marked[index + 1] || (/\s/.test(text[index + 1]) && marked[nextMark(text, index + 1)]))
    )
      index++;
  }
  return out;
}

/** The index of the first non-space character at or after `from`. */
function nextMark(text: string, from: number): number {
  let index = from;
  while (index < text.length && /\s/.test(text[index])) index++;
  return index;
}
