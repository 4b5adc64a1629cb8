import { cleandoc } from './python-docstrings';
import { named, type PySyntaxNode, readCallArguments, readString, readValue } from './python-syntax';

/*
 * What a class or function says about itself beside its fields and parameters: its docstring,
 * and (for a pydantic model) whether it forbids extra properties.
 */

/** Whether a model says `model_config = ConfigDict(extra="forbid")` (or the dict form): pydantic then writes `additionalProperties: false`. */
export function forbidsExtra(model: PySyntaxNode): boolean {
  for (const statement of named(model.childForFieldName('body') ?? model)) {
    const assignment = statement.type === 'expression_statement' ? named(statement)[0] : undefined;
    if (assignment?.type !== 'assignment' || assignment.childForFieldName('left')?.text !== 'model_config') continue;
    const value = assignment.childForFieldName('right');
    if (value?.type === 'call') {
      const extra = readCallArguments(value).keywords.get('extra');
      return extra !== undefined && readString(extra) === 'forbid';
    }
    const read = value ? readValue(value) : undefined;
    return (
      typeof read === 'object' &&
      read !== null &&
      !Array.isArray(read) &&
      (read as Record<string, unknown>).extra === 'forbid'
    );
  }
  return false;
}

/** A class's or function's docstring as written (`__doc__`), or `undefined`. */
export function rawDocstring(definition: PySyntaxNode): string | undefined {
  const first = named(definition.childForFieldName('body') ?? definition)[0];
  const literal = first?.type === 'expression_statement' ? named(first)[0] : undefined;
  return literal && (literal.type === 'string' || literal.type === 'concatenated_string')
    ? readString(literal)
    : undefined;
}

/** A class's docstring as pydantic's schema description (`inspect.cleandoc`). */
export function classDocstring(definition: PySyntaxNode): string | undefined {
  const doc = rawDocstring(definition);
  return doc ? cleandoc(doc) : undefined;
}

/** A class body's annotated names (not private, not `model_config`, not a `ClassVar`), with what each is set to. */
export function classAnnotations(
  node: PySyntaxNode,
): { fieldName: string; annotation: PySyntaxNode; value: PySyntaxNode | undefined }[] {
  return named(node.childForFieldName('body') ?? node).flatMap((statement) => {
    const assignment = statement.type === 'expression_statement' ? named(statement)[0] : undefined;
    const target = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : null;
    const annotation = assignment?.childForFieldName('type');
    if (!assignment || !target || target.type !== 'identifier' || !annotation) return [];
    const fieldName = target.text;
    if (fieldName.startsWith('_') || fieldName === 'model_config' || /^(typing\.)?ClassVar\b/.test(annotation.text))
      return [];
    return [{ fieldName, annotation, value: assignment.childForFieldName('right') ?? undefined }];
  });
}
