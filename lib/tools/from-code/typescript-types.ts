import type TypeScript from 'typescript';

/*
 * TypeScript types as JSON Schema (draft-07, as zod writes it for the AI SDK), read with the
 * compiler's own parser: one reading's state, and each step a function of it.
 */

type TS = typeof TypeScript;
type Schema = Record<string, unknown>;

/** One reading of a paste: the compiler, the parsed file, and the types it declares, by name. */
export type TsReading = {
  ts: TS;
  source: TypeScript.SourceFile;
  declared: Map<string, TypeScript.InterfaceDeclaration | TypeScript.TypeAliasDeclaration | TypeScript.EnumDeclaration>;
};

/** A type written in the paste as JSON Schema (draft-07, as zod writes it for the AI SDK). */
export function schemaOf(
  t: TsReading,
  node: TypeScript.TypeNode,
  label: string,
  notes: string[],
  seen: Set<string>,
): Schema | undefined {
  const { ts, declared } = t;
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
  if (ts.isParenthesizedTypeNode(node)) return schemaOf(t, node.type, label, notes, seen);
  if (ts.isLiteralTypeNode(node)) {
    const value = literalValue(t, node.literal);
    if (node.literal.kind === ts.SyntaxKind.NullKeyword) return { type: 'null' };
    return value === undefined
      ? leftOut(`\`${node.getText()}\` is not a literal`)
      : { type: jsonType(value), const: value };
  }
  if (ts.isUnionTypeNode(node)) {
    const members = node.types.filter((member) => member.kind !== ts.SyntaxKind.UndefinedKeyword);
    const literals = members.map((member) =>
      ts.isLiteralTypeNode(member) ? literalValue(t, member.literal) : undefined,
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
    const schemas = members.map((member) => schemaOf(t, member, label, notes, seen));
    if (schemas.some((schema) => schema === undefined)) return undefined;
    return schemas.length === 1 ? schemas[0] : { anyOf: schemas };
  }
  if (ts.isArrayTypeNode(node)) {
    const items = schemaOf(t, node.elementType, label, notes, seen);
    return items && { type: 'array', items };
  }
  if (ts.isTupleTypeNode(node)) {
    const items = node.elements.map((element) =>
      schemaOf(t, ts.isNamedTupleMember(element) ? element.type : element, label, notes, seen),
    );
    if (items.some((item) => item === undefined)) return undefined;
    return { type: 'array', items, additionalItems: false, minItems: items.length, maxItems: items.length };
  }
  if (ts.isTypeLiteralNode(node)) return objectOf(t, node.members, notes, seen);
  if (ts.isIntersectionTypeNode(node)) {
    const parts = node.types.map((part) => schemaOf(t, part, label, notes, seen));
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
      const items = schemaOf(t, args[0], label, notes, seen);
      return items && { type: 'array', items };
    }
    if (name === 'Record' && args.length === 2) {
      const values = schemaOf(t, args[1], label, notes, seen);
      return values && { type: 'object', additionalProperties: values };
    }
    const declaration = declared.get(name);
    if (!declaration) return leftOut(`\`${name}\` is not declared in the code`);
    if (seen.has(name)) return leftOut(`\`${name}\` refers to itself, which the playground cannot inline`);
    const inner = new Set([...seen, name]);
    if (ts.isInterfaceDeclaration(declaration)) {
      const own = objectOf(t, declaration.members, notes, inner);
      const bases = (declaration.heritageClauses ?? [])
        .flatMap((clause) => clause.types)
        .map((base) => {
          const baseDeclaration = declared.get(base.expression.getText());
          return baseDeclaration && ts.isInterfaceDeclaration(baseDeclaration) && !inner.has(base.expression.getText())
            ? objectOf(t, baseDeclaration.members, notes, inner)
            : leftOut(`\`${base.expression.getText()}\` is not an interface declared in the code`);
        });
      return mergeObjects([...bases.filter((base): base is Schema => base !== undefined), own]);
    }
    if (ts.isEnumDeclaration(declaration)) {
      const values = declaration.members.map((member, index) =>
        member.initializer ? literalValue(t, member.initializer) : index,
      );
      if (values.some((value) => value === undefined)) return leftOut(`\`${name}\` has members that are not literals`);
      const types = new Set(values.map(jsonType));
      return types.size === 1 ? { type: jsonType(values[0]), enum: values } : { enum: values };
    }
    return schemaOf(t, declaration.type, label, notes, inner);
  }
  return leftOut(`\`${node.getText()}\` has no JSON Schema the playground can write`);
}

function objectOf(
  t: TsReading,
  members: TypeScript.NodeArray<TypeScript.TypeElement>,
  notes: string[],
  seen: Set<string>,
): Schema {
  const { ts } = t;
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const member of members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const key =
      ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : member.name.getText();
    const read = schemaOf(t, member.type, key, notes, seen);
    if (read === undefined) continue;
    const doc = ts
      .getJSDocCommentsAndTags(member)
      .filter(ts.isJSDoc)
      .map((each) => commentText(t, each.comment))
      .filter(Boolean)
      .join('\n\n');
    properties[key] = doc && read.description === undefined ? { ...read, description: doc } : read;
    if (!member.questionToken) required.push(key);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

export function literalValue(t: TsReading, node: TypeScript.Node): unknown {
  const { ts } = t;
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
    const items = node.elements.map((element) => literalValue(t, element));
    return items.every((item) => item !== undefined) ? items : undefined;
  }
  if (ts.isObjectLiteralExpression(node)) {
    const entries = node.properties.map((property) =>
      ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
        ? [property.name.text, literalValue(t, property.initializer)]
        : undefined,
    );
    return entries.every((entry) => entry !== undefined && entry[1] !== undefined)
      ? Object.fromEntries(entries as [string, unknown][])
      : undefined;
  }
  return undefined;
}

export function commentText(
  t: TsReading,
  comment: string | TypeScript.NodeArray<TypeScript.JSDocComment> | undefined,
): string {
  const { ts } = t;
  return (ts.getTextOfJSDocComment(comment) ?? '').trim();
}

export function entityName(t: TsReading, name: TypeScript.EntityName): string {
  const { ts } = t;
  return ts.isIdentifier(name) ? name.text : `${entityName(t, name.left)}.${name.right.text}`;
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

/** The JSON Schema type of a literal (TypeScript does not tell integers from numbers). */
const jsonType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
