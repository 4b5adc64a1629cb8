import type TypeScript from 'typescript';

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
  names: string[];
  notes: string[];
};

/**
 * An MCP server written with the MCP SDK (`server.registerTool(name, config, handler)`, anywhere in
 * the file) as a program that only defines its tools: each registration's name and config, and
 * the top-level declarations they use (transitively) — no server started, no handler run, no
 * module but zod and ai imported. A registration whose name or config needs something else (a
 * local variable, another module) is a note. `undefined` when the code registers no tool.
 */
export function planMcpServerProgram(
  ts: typeof TypeScript,
  source: TypeScript.SourceFile,
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

  const statements = source.statements.map((statement) => ({
    statement,
    declares: declaredNames(ts, statement),
    references: referencedNames(ts, statement),
  }));
  const declaring = new Map<string, (typeof statements)[number]>();
  for (const each of statements) for (const name of each.declares) declaring.set(name, each);

  const notes: string[] = [];
  const kept = new Set<TypeScript.Statement>();
  const tools: { name: string; expressions: string }[] = [];
  for (const call of registrations) {
    const [nameNode, config] = call.arguments;
    const name = stringOf(ts, nameNode, declaring);
    const label = `\`${name ?? nameNode.getText(source)}\``;
    const needed = new Set<TypeScript.Statement>();
    const missing: string[] = [];
    const queue = [...referencedNames(ts, nameNode), ...referencedNames(ts, config)];
    const seen = new Set<string>();
    while (queue.length > 0) {
      const each = queue.pop() as string;
      if (seen.has(each) || GLOBALS.has(each)) continue;
      seen.add(each);
      const owner = declaring.get(each);
      if (!owner) missing.push(`\`${each}\` is not declared at the top level`);
      else if (ts.isImportDeclaration(owner.statement)) {
        const from = (owner.statement.moduleSpecifier as TypeScript.StringLiteral).text;
        if (LIBRARY_MODULES.has(from)) needed.add(owner.statement);
        else missing.push(`\`${each}\` comes from "${from}"`);
      } else if (isDefinition(ts, owner.statement)) {
        needed.add(owner.statement);
        queue.push(...owner.references);
      } else missing.push(`\`${each}\` is set by code that runs, not declared`);
    }
    if (name === undefined) missing.unshift('its name is not a string the code declares');
    if (missing.length > 0) {
      notes.push(`The tool ${label} was not read: ${missing.join('; ')}.`);
      continue;
    }
    for (const statement of needed) kept.add(statement);
    tools.push({ name: name as string, expressions: `[${nameNode.getText(source)}, ${config.getText(source)}]` });
  }
  const declarations = source.statements.filter((statement) => kept.has(statement)).map((each) => each.getText(source));
  return {
    code: `${declarations.join('\n')}\nconst __mcpTools = [${tools.map((tool) => tool.expressions).join(', ')}];\n`,
    names: tools.map((tool) => tool.name),
    notes,
  };
}

/** A declaration the cut-down program may run: a `const`/`let`/`var`, a function or a class (not a call, a loop, …). */
const isDefinition = (ts: typeof TypeScript, statement: TypeScript.Statement) =>
  ts.isVariableStatement(statement) || ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement);

/** A tool's name: a string literal, or a top-level `const` set to one. */
function stringOf(
  ts: typeof TypeScript,
  node: TypeScript.Expression,
  declaring: Map<string, { statement: TypeScript.Statement }>,
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
