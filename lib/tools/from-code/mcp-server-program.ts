import type TypeScript from 'typescript';
import { type OtherFiles, PASTE_PATH, resolveOtherFile } from './other-files';

/** Modules the sandbox answers (its bundle): what an MCP server's tool definitions may import. */
const LIBRARY_MODULES = new Set(['zod', 'zod/v4', 'ai']);
/** The MCP SDK's calls that register a tool as `(name, config, handler)`: `registerTool`, and the experimental tasks' `registerToolTask`. */
const REGISTERS = new Set(['registerTool', 'registerToolTask']);
/** Names any script may use without declaring them. */
const GLOBALS = new Set(['undefined', 'Object', 'Array', 'JSON', 'String', 'Number', 'Boolean', 'Math', 'Date']);

/** An MCP server's code cut down to its tools: the declarations their definitions use, and the tools themselves. */
export type McpServerProgram = {
  /** The kept declarations, then `const __mcpTools = [[name, config], …]`, as TypeScript. */
  code: string;
  /** What the other files give those declarations: each file's kept declarations, by path. */
  files: Record<string, string>;
  /** How each file's imports resolve among the other files: `{ [path]: { [specifier]: path } }`. */
  resolved: Record<string, Record<string, string>>;
  names: string[];
  notes: string[];
};

/** One file of the program: its statements, what each declares, what it exports and how its imports resolve. */
type Unit = {
  path: string;
  source: TypeScript.SourceFile;
  declaring: Map<string, { statement: TypeScript.Statement; references: string[] }>;
  /** Exported name → the local name it exports (`export const a`, `export { a as b }`). */
  exports: Map<string, string>;
  resolved: Record<string, string>;
};

/** A name to find: a local one of a file, or one a file exports (asked for by an import). */
type Wanted = { unit: Unit; name: string; exported: boolean };

/**
 * An MCP server written with the MCP SDK (`server.registerTool(name, config, handler)`, anywhere in
 * the file) as a program that only defines its tools: each registration's name and config, and
 * the top-level declarations they use (transitively, into the other files added beside the code)
 * — no server started, no handler run, no package but zod and ai imported. A registration whose
 * name or config needs something else (a local variable, a file not added) is a note. `undefined`
 * when the code registers no tool.
 */
export function planMcpServerProgram(
  ts: typeof TypeScript,
  source: TypeScript.SourceFile,
  otherFiles: OtherFiles = {},
): McpServerProgram | undefined {
  const registrations: TypeScript.CallExpression[] = [];
  const find = (node: TypeScript.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      REGISTERS.has(node.expression.name.text) &&
      node.arguments.length >= 2
    )
      registrations.push(node);
    ts.forEachChild(node, find);
  };
  find(source);
  if (registrations.length === 0) return undefined;

  const units = new Map<string, Unit>();
  const unitOf = (path: string): Unit => {
    const known = units.get(path);
    if (known) return known;
    const parsed =
      path === PASTE_PATH
        ? source
        : ts.createSourceFile(path, otherFiles[path], ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const unit = readUnit(ts, path, parsed);
    units.set(path, unit);
    return unit;
  };
  const paste = unitOf(PASTE_PATH);

  const notes: string[] = [];
  const kept = new Map<Unit, Set<TypeScript.Statement>>();
  const tools: { name: string; expressions: string }[] = [];
  for (const call of registrations) {
    const [nameNode, config] = call.arguments;
    const name = stringOf(ts, nameNode, paste.declaring);
    const label = `\`${name ?? nameNode.getText(source)}\``;
    const wanted = [...referencedNames(ts, nameNode), ...referencedNames(ts, config)].map(
      (each): Wanted => ({ unit: paste, name: each, exported: false }),
    );
    const { needed, missing } = findDeclarations(ts, wanted, otherFiles, unitOf);
    if (name === undefined) missing.unshift('its name is not a string the code declares');
    if (missing.length > 0) {
      notes.push(`The tool ${label} was not read: ${missing.join('; ')}.`);
      continue;
    }
    for (const [unit, statements] of needed) {
      const into = kept.get(unit) ?? new Set();
      for (const statement of statements) into.add(statement);
      kept.set(unit, into);
    }
    tools.push({ name: name as string, expressions: `[${nameNode.getText(source)}, ${config.getText(source)}]` });
  }
  const keptText = (unit: Unit) =>
    unit.source.statements
      .filter((statement) => kept.get(unit)?.has(statement))
      .map((each) => each.getText(unit.source))
      .join('\n');
  const others = [...kept.keys()].filter((unit) => unit !== paste);
  return {
    code: `${keptText(paste)}\nconst __mcpTools = [${tools.map((tool) => tool.expressions).join(', ')}];\n`,
    files: Object.fromEntries(others.map((unit) => [unit.path, `${keptText(unit)}\n${exportLines(unit)}`])),
    resolved: Object.fromEntries([paste, ...others].map((unit) => [unit.path, unit.resolved])),
    names: tools.map((tool) => tool.name),
    notes,
  };
}

/** A file's top-level declarations and exports. */
function readUnit(ts: typeof TypeScript, path: string, source: TypeScript.SourceFile): Unit {
  const declaring = new Map<string, { statement: TypeScript.Statement; references: string[] }>();
  const exports = new Map<string, string>();
  for (const statement of source.statements) {
    const entry = { statement, references: referencedNames(ts, statement) };
    const exported = ts.canHaveModifiers(statement)
      ? ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
      : false;
    for (const name of declaredNames(ts, statement)) {
      declaring.set(name, entry);
      if (exported) exports.set(name, name);
    }
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause)
      if (ts.isNamedExports(statement.exportClause))
        for (const element of statement.exportClause.elements)
          exports.set(element.name.text, (element.propertyName ?? element.name).getText(source));
  }
  return { path, source, declaring, exports, resolved: {} };
}

/** `export { a as b }` lines, said again for the cut-down file (its own may name what was left out). */
const exportLines = (unit: Unit) =>
  [...unit.exports]
    .filter(([exported, local]) => exported !== local && unit.declaring.has(local))
    .map(([exported, local]) => `module.exports[${JSON.stringify(exported)}] = ${local};`)
    .join('\n');

/**
 * The declarations the wanted names need, transitively — through imports into the other files —
 * or what is missing: a name declared nowhere, set by running code, or imported from a package or
 * a file that was not added.
 */
function findDeclarations(
  ts: typeof TypeScript,
  wanted: Wanted[],
  otherFiles: OtherFiles,
  unitOf: (path: string) => Unit,
): { needed: Map<Unit, Set<TypeScript.Statement>>; missing: string[] } {
  const needed = new Map<Unit, Set<TypeScript.Statement>>();
  const need = (unit: Unit, statement: TypeScript.Statement) =>
    needed.set(unit, (needed.get(unit) ?? new Set()).add(statement));
  const missing: string[] = [];
  const seen = new Set<string>();
  const queue = [...wanted];
  while (queue.length > 0) {
    const { unit, name, exported } = queue.pop() as Wanted;
    const where = unit.path === PASTE_PATH ? '' : ` in ${unit.path}`;
    const key = `${unit.path}\0${exported ? 'export' : 'local'}\0${name}`;
    if (seen.has(key) || (!exported && GLOBALS.has(name))) continue;
    seen.add(key);
    const local = exported ? unit.exports.get(name) : name;
    if (local === undefined) {
      missing.push(`\`${name}\` is not exported by ${unit.path}`);
      continue;
    }
    const owner = unit.declaring.get(local);
    if (!owner) missing.push(`\`${local}\` is not declared at the top level${where}`);
    else if (ts.isImportDeclaration(owner.statement)) {
      const from = (owner.statement.moduleSpecifier as TypeScript.StringLiteral).text;
      const file = LIBRARY_MODULES.has(from) ? undefined : resolveOtherFile(from, unit.path, otherFiles);
      const imported = importedName(ts, owner.statement, local);
      if (LIBRARY_MODULES.has(from)) need(unit, owner.statement);
      else if (file === undefined)
        missing.push(
          `\`${local}\` comes from "${from}"${where}${from.startsWith('.') ? ' (add that file beside the code)' : ''}`,
        );
      else if (imported === undefined) missing.push(`\`${local}\` imports all of "${from}"${where}, which is not read`);
      else {
        need(unit, owner.statement);
        unit.resolved[from] = file;
        queue.push({ unit: unitOf(file), name: imported, exported: true });
      }
    } else if (isDefinition(ts, owner.statement)) {
      need(unit, owner.statement);
      queue.push(...owner.references.map((each): Wanted => ({ unit, name: each, exported: false })));
    } else missing.push(`\`${local}\` is set by code that runs, not declared${where}`);
  }
  return { needed, missing };
}

/** The name a file exports that an import binds to `local` (`import { a as local }` → `a`); undefined for `* as local` and default imports. */
function importedName(
  ts: typeof TypeScript,
  statement: TypeScript.ImportDeclaration,
  local: string,
): string | undefined {
  const bindings = statement.importClause?.namedBindings;
  if (!bindings || !ts.isNamedImports(bindings)) return undefined;
  const element = bindings.elements.find((each) => each.name.text === local);
  return element ? (element.propertyName ?? element.name).text : undefined;
}

/** A declaration the cut-down program may run: a `const`/`let`/`var`, a function or a class (not a call, a loop, …). */
const isDefinition = (ts: typeof TypeScript, statement: TypeScript.Statement) =>
  ts.isVariableStatement(statement) || ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement);

/** A tool's name: a string literal, or a top-level `const` set to one. */
function stringOf(
  ts: typeof TypeScript,
  node: TypeScript.Expression,
  declaring: ReadonlyMap<string, { statement: TypeScript.Statement }>,
): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (!ts.isIdentifier(node)) return undefined;
  const owner = declaring.get(node.text)?.statement;
  if (!owner || !ts.isVariableStatement(owner)) return undefined;
  const declaration = owner.declarationList.declarations.find(
    (each) => ts.isIdentifier(each.name) && each.name.text === node.text,
  );
  const init = declaration?.initializer;
  return init && (ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init)) ? init.text : undefined;
}

/** The names a top-level statement declares (variables, destructured bindings, functions, classes, imports). */
function declaredNames(ts: typeof TypeScript, statement: TypeScript.Statement): string[] {
  const names: string[] = [];
  const bind = (name: TypeScript.BindingName) => {
    if (ts.isIdentifier(name)) names.push(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bind(element.name);
  };
  if (ts.isVariableStatement(statement)) for (const each of statement.declarationList.declarations) bind(each.name);
  else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name)
    names.push(statement.name.text);
  else if (ts.isImportDeclaration(statement) && statement.importClause) {
    const clause = statement.importClause;
    if (clause.name) names.push(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
    else if (bindings) for (const element of bindings.elements) names.push(element.name.text);
  }
  return names;
}

/**
 * The identifiers a node reads from outside it (not property names after a dot, not keys of an
 * object literal, not the parameters and variables it declares itself).
 */
function referencedNames(ts: typeof TypeScript, root: TypeScript.Node): string[] {
  const names = new Set<string>();
  const own = new Set<string>();
  const declare = (node: TypeScript.Node) => {
    if (
      (ts.isParameter(node) || ts.isVariableDeclaration(node) || ts.isBindingElement(node)) &&
      ts.isIdentifier(node.name)
    )
      own.add(node.name.text);
    if ((ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node)) && node.name) own.add(node.name.text);
    ts.forEachChild(node, declare);
  };
  // A top-level declaration's own names are what it declares for others: only what is inside it counts.
  if (!ts.isVariableStatement(root) && !ts.isFunctionDeclaration(root)) declare(root);
  else ts.forEachChild(root, (child) => ts.forEachChild(child, declare));
  const visit = (node: TypeScript.Node) => {
    // Types are erased when the code is compiled: they need nothing at run time.
    if (ts.isTypeNode(node)) return;
    if (ts.isIdentifier(node)) {
      const parent = node.parent;
      const isPropertyName =
        (parent && ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (parent && ts.isPropertyAssignment(parent) && parent.name === node) ||
        (parent && ts.isMethodDeclaration(parent) && parent.name === node) ||
        (parent && ts.isBindingElement(parent) && parent.propertyName === node);
      if (!isPropertyName) names.add(node.text);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(root);
  return [...names].filter((name) => !own.has(name));
}
