// Part of `npm test`: every file and every test that docs/seed-coverage.md cites must exist, so
// the table cannot claim DONE for code or tests that moved or went away. Files are backticked
// names (a path, or a bare file name found anywhere in the tree); tests are a quoted name after
// a test-file shorthand (the table's legend), a test file's name, or `e2e <spec>`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

const TABLE = 'docs/seed-coverage.md';
const ROOTS = ['lib', 'components', 'app', 'e2e', 'testing', 'scripts', 'bench', 'docs'];
const text = readFileSync(TABLE, 'utf8');

const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else files.push(path);
  }
};
for (const root of ROOTS) if (existsSync(root)) walk(root);
const byName = new Map();
for (const path of files) byName.set(basename(path), [...(byName.get(basename(path)) ?? []), path]);

// The legend: `RTC \`lib/agent/run-tool-call.test.ts\``.
const shorthand = new Map();
for (const [, short, path] of text.matchAll(/\b([A-Z][A-Z0-9]{1,5}) `([^`]+\.test\.ts)`/g)) shorthand.set(short, path);

const problems = [];
const rows = text
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| §') && !/^\|[-| ]+\|$/.test(line));

/** A cited file, as a path or a bare name; `undefined` when nothing in the tree answers to it. */
function findFile(cited) {
  if (cited.includes('/')) return existsSync(cited) ? cited : undefined;
  return byName.get(cited)?.[0];
}

/**
 * Whether a test file holds the cited test. A citation may be cut ("…"), stand for a varying
 * part ("<provider>"), join describe and it (" > "), or name one case of an `it.each` table
 * ("anthropic claude-sonnet-4-5 → native" for '%s %s → %s'): a literal piece of 12 or more
 * characters must be in the file, or else each of its words (a case of a table).
 */
function holdsTest(path, name) {
  const source = readFileSync(path, 'utf8').replaceAll("\\'", "'");
  const pieces = name
    .split(' > ')
    .at(-1)
    .split(/<[^>]+>|…|: | → | — /)
    .map((piece) => piece.trim())
    .filter((piece) => piece.length >= 12);
  if (pieces.some((piece) => source.includes(piece))) return true;
  return name
    .split(/\s+/)
    .filter((word) => word.length >= 3 && !/[<>…→]/.test(word))
    .every((word) => source.includes(word));
}

for (const row of rows) {
  const cells = row.split(' | ');
  const where = cells.slice(3).join(' | ');
  for (const [, cited] of where.matchAll(/`([^`\s]+\.(?:ts|tsx|mjs|md|json))`/g)) {
    if (!findFile(cited)) problems.push(`cites a file that does not exist: ${cited}\n    in: ${row.slice(0, 120)}…`);
  }
  // Tests: SHORT "name" (several names may follow one shorthand, comma- or semicolon-separated).
  for (const [, short, names] of where.matchAll(/\b([A-Z][A-Z0-9]{1,5}) ((?:"[^"]+"(?:, | and | or )?)+)/g)) {
    const path = shorthand.get(short);
    if (!path) continue;
    for (const [, name] of names.matchAll(/"([^"]+)"/g))
      if (!holdsTest(path, name)) problems.push(`cites a test ${short} "${name}" that ${path} does not hold`);
  }
  for (const [, spec, name] of where.matchAll(/\be2e ([a-z-]+) "([^"]+)"/g)) {
    const path = `e2e/${spec}.spec.ts`;
    if (!existsSync(path)) problems.push(`cites an e2e file that does not exist: ${path}`);
    else if (!holdsTest(path, name)) problems.push(`cites an e2e test "${name}" that ${path} does not hold`);
  }
  for (const [, file, name] of where.matchAll(/`?([a-z0-9-]+\.test\.ts)`? "([^"]+)"/g)) {
    const path = findFile(file);
    if (!path) problems.push(`cites a test file that does not exist: ${file}`);
    else if (!holdsTest(path, name)) problems.push(`cites a test "${name}" that ${path} does not hold`);
  }
}

if (problems.length > 0) {
  console.error(`${TABLE}: ${problems.length} citation(s) point at nothing:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`${TABLE}: every cited file and test exists (${rows.length} rows).`);
