import type TypeScript from 'typescript';
import type { ToolFromCode, ToolsFromCode } from '../../shapes/tool-from-code';
import { findDeepNesting } from './find-deep-nesting';
import { findTypeScriptSyntaxProblem } from './typescript-syntax-problem';

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
  const tools: ToolFromCode[] = [];
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
      tools.push(functionTool(statement.name.text, statement, statement));
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (ts.isIdentifier(declaration.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
          tools.push(functionTool(declaration.name.text, init, statement));
        }
      }
    }
  }
  const notes =
    tools.length === 0
      ? ['No function at the top level of the code (a declaration, or a const holding an arrow function).']
      : [];
  return { ok: true, tools, notes };

  function functionTool(name: string, fn: TypeScript.SignatureDeclaration, documented: TypeScript.Node): ToolFromCode {
    const notes: string[] = [];
    const docs = ts.getJSDocCommentsAndTags(documented).filter(ts.isJSDoc);
    const description = docs
      .map((doc) => commentText(doc.comment))
      .filter(Boolean)
      .join('\n\n');
    const paramDocs = new Map<string, string>();
    for (const doc of docs) {
      for (const tag of doc.tags ?? []) {
        if (ts.isJSDocParameterTag(tag)) paramDocs.set(entityName(tag.name), stripDash(commentText(tag.comment)));
      }
    }
    const parameters = fn.parameters.filter(
      (parameter) => !(ts.isIdentifier(parameter.name) && parameter.name.text === 'this'),
    );
    const [only] = parameters;
    const onlySchema =
      parameters.length === 1 && only.type ? schemaOf(only.type, labelOf(only, 0), notes, new Set()) : undefined;
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
        ? bindingDefaults(only.name, notes)
        : new Map<string, unknown>();
      for (const [key, value] of defaults)
        if (properties[key]) properties[key] = { ...properties[key], default: value };
      const required = ((onlySchema.required as string[] | undefined) ?? []).filter((key) => !defaults.has(key));
      schema = { ...onlySchema, properties, ...(required.length > 0 ? { required } : {}) };
      if (required.length === 0) delete schema.required;
    } else {
      const properties: Record<string, Schema> = {};
      const required: string[] = [];
      parameters.forEach((parameter, index) => {
        const label = labelOf(parameter, index);
        if (parameter.dotDotDotToken) {
          notes.push(
            `\`...${label}\` takes any number of arguments, which a JSON Schema cannot list; it was left out.`,
          );
          return;
        }
        const read = parameter.type ? schemaOf(parameter.type, label, notes, new Set()) : {};
        if (!parameter.type) notes.push(`\`${label}\` has no type; any JSON value is accepted.`);
        if (read === undefined) return;
        const property: Schema = { ...read };
        const text = paramDocs.get(label);
        if (text && property.description === undefined) property.description = text;
        const defaultValue = parameter.initializer ? literalValue(parameter.initializer) : undefined;
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

  function labelOf(parameter: TypeScript.ParameterDeclaration, index: number): string {
    return ts.isIdentifier(parameter.name) ? parameter.name.text : `arg${index}`;
  }

  function bindingDefaults(pattern: TypeScript.ObjectBindingPattern, notes: string[]): Map<string, unknown> {
    const defaults = new Map<string, unknown>();
    for (const element of pattern.elements) {
      const key =
        element.propertyName && ts.isIdentifier(element.propertyName)
          ? element.propertyName.text
          : ts.isIdentifier(element.name)
            ? element.name.text
            : undefined;
      if (!key || !element.initializer) continue;
      const value = literalValue(element.initializer);
      if (value === undefined)
        notes.push(
          `\`${key}\`: the default \`${element.initializer.getText()}\` is code, not a value; the schema shows no default.`,
        );
      else defaults.set(key, value);
    }
    return defaults;
  }

  /** A type written in the paste as JSON Schema (draft-07, as zod writes it for the AI SDK). */
  function schemaOf(node: TypeScript.TypeNode, label: string, notes: string[], seen: Set<string>): Schema | undefined {
    const leftOut = (why: string) => {
      notes.push(`\`${label}\`: ${why}; the parameter was left out.`);
      return undefined;
    };
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return { type: 'string' };
      case ts.SyntaxKind.NumberKeyword:
        return { type: 'number' };
      case ts.SyntaxKind.BigIntKeyword:
        return { type: 'integer' };
      case ts.SyntaxKind.BooleanKeyword:
        return { type: 'boolean' };
      case ts.SyntaxKind.NullKeyword:
        return { type: 'null' };
      case ts.SyntaxKind.AnyKeyword:
      case ts.SyntaxKind.UnknownKeyword:
      case ts.SyntaxKind.ObjectKeyword:
        return node.kind === ts.SyntaxKind.ObjectKeyword ? { type: 'object' } : {};
    }
    if (ts.isParenthesizedTypeNode(node)) return schemaOf(node.type, label, notes, seen);
    if (ts.isLiteralTypeNode(node)) {
      const value = literalValue(node.literal);
      if (node.literal.kind === ts.SyntaxKind.NullKeyword) return { type: 'null' };
      return value === undefined
        ? leftOut(`\`${node.getText()}\` is not a literal`)
        : { type: jsonType(value), const: value };
    }
    if (ts.isUnionTypeNode(node)) {
      const members = node.types.filter((member) => member.kind !== ts.SyntaxKind.UndefinedKeyword);
      const literals = members.map((member) =>
        ts.isLiteralTypeNode(member) ? literalValue(member.literal) : undefined,
      );
      const nullable = members.some(
        (member) => ts.isLiteralTypeNode(member) && member.literal.kind === ts.SyntaxKind.NullKeyword,
      );
      const values = literals.filter((value) => value !== undefined && value !== null);
      if (
        values.length > 0 &&
        values.length + (nullable ? 1 : 0) === members.length &&
        new Set(values.map(jsonType)).size === 1
      ) {
        const enumSchema = { type: jsonType(values[0]), enum: values };
        return nullable ? { anyOf: [enumSchema, { type: 'null' }] } : enumSchema;
      }
      const schemas = members.map((member) => schemaOf(member, label, notes, seen));
      if (schemas.some((schema) => schema === undefined)) return undefined;
      return schemas.length === 1 ? schemas[0] : { anyOf: schemas };
    }
    if (ts.isArrayTypeNode(node)) {
      const items = schemaOf(node.elementType, label, notes, seen);
      return items && { type: 'array', items };
    }
    if (ts.isTupleTypeNode(node)) {
      const items = node.elements.map((element) =>
        schemaOf(ts.isNamedTupleMember(element) ? element.type : element, label, notes, seen),
      );
      if (items.some((item) => item === undefined)) return undefined;
      return { type: 'array', items, additionalItems: false, minItems: items.length, maxItems: items.length };
    }
    if (ts.isTypeLiteralNode(node)) return objectOf(node.members, notes, seen);
    if (ts.isIntersectionTypeNode(node)) {
      const parts = node.types.map((part) => schemaOf(part, label, notes, seen));
      if (parts.some((part) => part === undefined || part.type !== 'object'))
        return leftOut('only intersections of object types become one object');
      return mergeObjects(parts as Schema[]);
    }
    if (ts.isFunctionTypeNode(node) || ts.isConstructorTypeNode(node)) return leftOut('a function has no JSON Schema');
    if (ts.isTypeReferenceNode(node)) {
      const name = ts.isIdentifier(node.typeName) ? node.typeName.text : node.typeName.right.text;
      const args = node.typeArguments ?? [];
      if (name === 'Date') return { type: 'string', format: 'date-time' };
      if ((name === 'Array' || name === 'ReadonlyArray') && args.length === 1) {
        const items = schemaOf(args[0], label, notes, seen);
        return items && { type: 'array', items };
      }
      if (name === 'Record' && args.length === 2) {
        const values = schemaOf(args[1], label, notes, seen);
        return values && { type: 'object', additionalProperties: values };
      }
      const declaration = declared.get(name);
      if (!declaration) return leftOut(`\`${name}\` is not declared in the code`);
      if (seen.has(name)) return leftOut(`\`${name}\` refers to itself, which the playground cannot inline`);
      const inner = new Set([...seen, name]);
      if (ts.isInterfaceDeclaration(declaration)) {
        const own = objectOf(declaration.members, notes, inner);
        const bases = (declaration.heritageClauses ?? [])
          .flatMap((clause) => clause.types)
          .map((base) => {
            const baseDeclaration = declared.get(base.expression.getText());
            return baseDeclaration &&
              ts.isInterfaceDeclaration(baseDeclaration) &&
              !inner.has(base.expression.getText())
              ? objectOf(baseDeclaration.members, notes, inner)
              : leftOut(`\`${base.expression.getText()}\` is not an interface declared in the code`);
          });
        return mergeObjects([...bases.filter((base): base is Schema => base !== undefined), own]);
      }
      if (ts.isEnumDeclaration(declaration)) {
        const values = declaration.members.map((member, index) =>
          member.initializer ? literalValue(member.initializer) : index,
        );
        if (values.some((value) => value === undefined))
          return leftOut(`\`${name}\` has members that are not literals`);
        const types = new Set(values.map(jsonType));
        return types.size === 1 ? { type: jsonType(values[0]), enum: values } : { enum: values };
      }
      return schemaOf(declaration.type, label, notes, inner);
    }
    return leftOut(`\`${node.getText()}\` has no JSON Schema the playground can write`);
  }

  function objectOf(members: TypeScript.NodeArray<TypeScript.TypeElement>, notes: string[], seen: Set<string>): Schema {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const member of members) {
      if (!ts.isPropertySignature(member) || !member.type) continue;
      const key =
        ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : member.name.getText();
      const read = schemaOf(member.type, key, notes, seen);
      if (read === undefined) continue;
      const doc = ts
        .getJSDocCommentsAndTags(member)
        .filter(ts.isJSDoc)
        .map((each) => commentText(each.comment))
        .filter(Boolean)
        .join('\n\n');
      properties[key] = doc && read.description === undefined ? { ...read, description: doc } : read;
      if (!member.questionToken) required.push(key);
    }
    return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
  }

  function literalValue(node: TypeScript.Node): unknown {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isNumericLiteral(node)) return Number(node.text);
    if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
    if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
    if (node.kind === ts.SyntaxKind.NullKeyword) return null;
    if (
      ts.isPrefixUnaryExpression(node) &&
      node.operator === ts.SyntaxKind.MinusToken &&
      ts.isNumericLiteral(node.operand)
    )
      return -Number(node.operand.text);
    if (ts.isArrayLiteralExpression(node)) {
      const items = node.elements.map(literalValue);
      return items.every((item) => item !== undefined) ? items : undefined;
    }
    if (ts.isObjectLiteralExpression(node)) {
      const entries = node.properties.map((property) =>
        ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
          ? [property.name.text, literalValue(property.initializer)]
          : undefined,
      );
      return entries.every((entry) => entry !== undefined && entry[1] !== undefined)
        ? Object.fromEntries(entries as [string, unknown][])
        : undefined;
    }
    return undefined;
  }

  function commentText(comment: string | TypeScript.NodeArray<TypeScript.JSDocComment> | undefined): string {
    return (ts.getTextOfJSDocComment(comment) ?? '').trim();
  }

  function entityName(name: TypeScript.EntityName): string {
    return ts.isIdentifier(name) ? name.text : `${entityName(name.left)}.${name.right.text}`;
  }
}

/** Object schemas as one (an intersection, an interface and its bases): later properties win, every required kept. */
function mergeObjects(parts: Schema[]): Schema {
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  for (const part of parts) {
    Object.assign(properties, part.properties);
    for (const key of (part.required as string[] | undefined) ?? []) required.add(key);
  }
  return {
    type: 'object',
    properties,
    ...(required.size > 0 ? { required: [...required] } : {}),
    additionalProperties: false,
  };
}

/** TSDoc writes `@param name - text`; the dash is punctuation, not description. */
const stripDash = (text: string) => text.replace(/^-\s*/, '');

/** The JSON Schema type of a literal (TypeScript does not tell integers from numbers). */
const jsonType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
