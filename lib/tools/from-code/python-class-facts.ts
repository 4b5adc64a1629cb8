import { cleandoc } from './python-docstrings';
import { named, type PySyntaxNode, readCallArguments, readString, readValue } from './python-syntax';

/*
 * What a class or function says about itself beside its fields and parameters: its docstring,
 * and (for a pydantic model) whether it forbids extra properties.
 */

/** What a model's `model_config` says of its schema: `ConfigDict(...)` or the dict form. */
export type ModelConfig = {
  /** `extra="forbid"`: pydantic writes `additionalProperties: false`. */
  forbid: boolean;
  /** `title=`: the schema's title (LangChain's tool name for a model that is the tool). */
  title?: string;
  /** `json_schema_extra={...}`: merged over the class's schema as the last step. */
  schemaExtra?: Record<string, unknown>;
};

export function modelConfig(model: PySyntaxNode): ModelConfig {
  for (const statement of named(model.childForFieldName('body') ?? model)) {
    const assignment = statement.type === 'expression_statement' ? named(statement)[0] : undefined;
    if (assignment?.type !== 'assignment' || assignment.childForFieldName('left')?.text !== 'model_config') continue;
    const value = assignment.childForFieldName('right');
    let read: unknown;
    if (value?.type === 'call') {
      read = Object.fromEntries(
        [...readCallArguments(value).keywords].map(([key, node]) => [key, readValue(node)] as const),
      );
    } else read = value ? readValue(value) : undefined;
    if (typeof read !== 'object' || read === null || Array.isArray(read)) return { forbid: false };
    const config = read as Record<string, unknown>;
    const extra = config.json_schema_extra;
    return {
      forbid: config.extra === 'forbid',
      ...(typeof config.title === 'string' ? { title: config.title } : {}),
      ...(typeof extra === 'object' && extra !== null && !Array.isArray(extra)
        ? { schemaExtra: extra as Record<string, unknown> }
        : {}),
    };
  }
  return { forbid: false };
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
