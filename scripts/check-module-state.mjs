// No module-level mutable state outside the composition roots (CONTRIBUTING): a top-level `let` or
// `var`, or a top-level Map, Set, WeakMap or WeakSet the module changes (`.add`, `.set`, `.delete`,
// `.clear`), in lib/, components/ or app/. Caches and queues belong to the runtime or to the object
// that owns them. The composition roots are exempt — the page's (components/runtime/), a worker's
// own scope (*.worker.ts) and the server process's (lib/server/server-process.ts) — and so are
// tests. A line above that says `// Module state: <why>` lets one through, with its reason in view.
// Prints each finding; fails on any.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const ROOTS = ['lib', 'components', 'app'];
const EXEMPT = [
  /\.(test|property\.test|bench)\.tsx?$/,
  /^components\/runtime\//,
  /\.worker\.ts$/,
  /^lib\/server\/server-process\.ts$/,
];
const COLLECTIONS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet']);

const files = ROOTS.flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((file) => join(root, file))
    .filter((file) => /\.tsx?$/.test(file) && !EXEMPT.some((rule) => rule.test(file))),
);
const findings = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of list.declarations) {
      const init = declaration.initializer;
      const collection =
        init && ts.isNewExpression(init) && ts.isIdentifier(init.expression) && COLLECTIONS.has(init.expression.text);
      if (isConst && !collection) continue;
      const name = declaration.name.getText(source);
      if (isConst && !new RegExp(`\\b${name}\\.(add|set|delete|clear)\\(`).test(text)) continue;
      const above = text.slice(0, statement.getStart(source)).trimEnd().split('\n').pop() ?? '';
      if (/\/\/ Module state: \S/.test(above)) continue;
      const { line } = source.getLineAndCharacterOfPosition(declaration.getStart(source));
      findings.push(
        `${file}:${line + 1} ${name} (${isConst ? `a new ${init.expression.text}` : list.flags & ts.NodeFlags.Let ? 'let' : 'var'})`,
      );
    }
  }
}
if (findings.length > 0) {
  console.error(
    `Module-level mutable state outside the composition roots (${findings.length}):\n${findings.join('\n')}`,
  );
  process.exit(1);
}
console.log(`Module state: none outside the composition roots (${files.length} modules).`);
