import type TypeScript from 'typescript';
import type { ToolFromCode, ToolsFromCode } from '../../shapes/tool-from-code';
import { findDeepNesting } from './find-deep-nesting';
import { findTypeScriptSyntaxProblem } from './typescript-syntax-problem';
import { commentText, entityName, literalValue, schemaOf, type TsReading } from './typescript-types';

type TS = typeof TypeScript;
type Schema = Record<string, unknown>;

/**
 * The tools a TypeScript paste defines: each top-level function (declaration, arrow or function
 * expression, exported or not), its TSDoc summary the description and its parameters the
 * schema — read with the TypeScript compiler's own parser (`ts`, passed in: it loads lazily).
 * One object parameter is flattened into the tool's parameters, as the AI SDK and LangChain.js
 * take one input object; several parameters become one property each.
 */
export function readTypeScriptTools(ts: TS, code: string): ToolsFromCode {
  const problem = findDeepNesting(code, 'typescript') ?? findTypeScriptSyntaxProblem(ts, code);
  if (problem) return { ok: false, problem };
  const source = ts.createSourceFile('tools.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const declared = new Map<
    string,
    TypeScript.InterfaceDeclaration | TypeScript.TypeAliasDeclaration | TypeScript.EnumDeclaration
  >();
  for (const statement of source.statements) {
    if (
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isEnumDeclaration(statement)
    ) {
      declared.set(statement.name.text, statement);
    }
  }
  const t: TsReading = { ts, source, declared };
  const tools: ToolFromCode[] = [];
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
      tools.push(functionTool(t, statement.name.text, statement, statement));
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (ts.isIdentifier(declaration.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
          tools.push(functionTool(t, declaration.name.text, init, statement));
        }
      }
    }
  }
  const notes =
    tools.length === 0
      ? ['No function at the top level of the code (a declaration, or a const holding an arrow function).']
      : [];
  return { ok: true, tools, notes };
}

function functionTool(
  t: TsReading,
  name: string,
  fn: TypeScript.SignatureDeclaration,
  documented: TypeScript.Node,
): ToolFromCode {
  const { ts } = t;
  const notes: string[] = [];
  const docs = ts.getJSDocCommentsAndTags(documented).filter(ts.isJSDoc);
  const description = docs
    .map((doc) => commentText(t, doc.comment))
    .filter(Boolean)
    .join('\n\n');
  const paramDocs = new Map<string, string>();
  for (const doc of docs) {
    for (const tag of doc.tags ?? []) {
      if (ts.isJSDocParameterTag(tag)) paramDocs.set(entityName(t, tag.name), stripDash(commentText(t, tag.comment)));
    }
  }
  const parameters = fn.parameters.filter(
    (parameter) => !(ts.isIdentifier(parameter.name) && parameter.name.text === 'this'),
  );
  const [only] = parameters;
  const onlySchema =
    parameters.length === 1 && only.type ? schemaOf(t, only.type, labelOf(t, only, 0), notes, new Set()) : undefined;
  let schema: Schema;
  if (onlySchema && onlySchema.type === 'object' && onlySchema.properties) {
    // One object parameter: its properties are the tool's (named by the destructuring or by `@param x.key`).
    const prefix = ts.isIdentifier(only.name) ? `${only.name.text}.` : '';
    const properties = { ...(onlySchema.properties as Record<string, Schema>) };
    for (const key of Object.keys(properties)) {
      const text = paramDocs.get(`${prefix}${key}`) ?? (prefix === '' ? paramDocs.get(key) : undefined);
      if (text && properties[key].description === undefined)
        properties[key] = { ...properties[key], description: text };
    }
    const defaults = ts.isObjectBindingPattern(only.name)
      ? bindingDefaults(t, only.name, notes)
      : new Map<string, unknown>();
    for (const [key, value] of defaults) if (properties[key]) properties[key] = { ...properties[key], default: value };
    const required = ((onlySchema.required as string[] | undefined) ?? []).filter((key) => !defaults.has(key));
    schema = { ...onlySchema, properties, ...(required.length > 0 ? { required } : {}) };
    if (required.length === 0) delete schema.required;
  } else {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    parameters.forEach((parameter, index) => {
      const label = labelOf(t, parameter, index);
      if (parameter.dotDotDotToken) {
        notes.push(`\`...${label}\` takes any number of arguments, which a JSON Schema cannot list; it was left out.`);
        return;
      }
      const read = parameter.type ? schemaOf(t, parameter.type, label, notes, new Set()) : {};
      if (!parameter.type) notes.push(`\`${label}\` has no type; any JSON value is accepted.`);
      if (read === undefined) return;
      const property: Schema = { ...read };
      const text = paramDocs.get(label);
      if (text && property.description === undefined) property.description = text;
      const defaultValue = parameter.initializer ? literalValue(t, parameter.initializer) : undefined;
      if (parameter.initializer && defaultValue === undefined)
        notes.push(
          `\`${label}\`: the default \`${parameter.initializer.getText()}\` is code, not a value; the schema shows no default.`,
        );
      if (defaultValue !== undefined) property.default = defaultValue;
      properties[label] = property;
      if (!parameter.questionToken && !parameter.initializer) required.push(label);
    });
    schema = {
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
      additionalProperties: false,
    };
  }
  return { definition: { name, description, parameters: schema }, notes };
}

function labelOf(t: TsReading, parameter: TypeScript.ParameterDeclaration, index: number): string {
  const { ts } = t;
  return ts.isIdentifier(parameter.name) ? parameter.name.text : `arg${index}`;
}

function bindingDefaults(
  t: TsReading,
  pattern: TypeScript.ObjectBindingPattern,
  notes: string[],
): Map<string, unknown> {
  const { ts } = t;
  const defaults = new Map<string, unknown>();
  for (const element of pattern.elements) {
    const key =
      element.propertyName && ts.isIdentifier(element.propertyName)
        ? element.propertyName.text
        : ts.isIdentifier(element.name)
          ? element.name.text
          : undefined;
    if (!key || !element.initializer) continue;
    const value = literalValue(t, element.initializer);
    if (value === undefined)
      notes.push(
        `\`${key}\`: the default \`${element.initializer.getText()}\` is code, not a value; the schema shows no default.`,
      );
    else defaults.set(key, value);
  }
  return defaults;
}

/** TSDoc writes `@param name - text`; the dash is punctuation, not description. */
const stripDash = (text: string) => text.replace(/^-\s*/, '');
