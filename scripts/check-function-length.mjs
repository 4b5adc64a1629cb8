// The longest functions of lib/, components/ and app/ (declarations, expressions and arrows, nested
// ones on their own, tests left out), longest first. Fails when one is longer than LIMIT lines: a function that long
// is several stages, and each stage deserves a name.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const LIMIT = Number(process.env.FUNCTION_LINES_LIMIT ?? 120);
const ROOTS = ['lib', 'components', 'app'];
const files = ROOTS.flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((file) => join(root, file))
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|property\.test|bench)\.tsx?$/.test(file)),
);

const functions = [];
for (const file of files) {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const named =
        node.name?.getText(source) ??
        (ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent)
          ? node.parent.name.getText(source)
          : '(anonymous)');
      functions.push({ where: `${file}:${start + 1}`, name: named, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
functions.sort((a, b) => b.lines - a.lines);
const over = functions.filter((each) => each.lines > LIMIT);
console.log(`Longest functions in ${ROOTS.join('/, ')}/ (limit ${LIMIT} lines):`);
for (const each of functions.slice(0, Math.max(10, over.length)))
  console.log(`${String(each.lines).padStart(5)}  ${each.name}  ${each.where}`);
if (over.length > 0) {
  console.error(`${over.length} function(s) longer than ${LIMIT} lines: split each into stages a reader can name.`);
  process.exit(1);
}
