import { classDocstring } from './python-class-facts';
import { isJson, type JsonValue, named, type PySyntaxNode, readString, readValue, simpleName } from './python-syntax';
import type { PyDefinitions } from './python-type-reading';

/* What a Python paste declares that an annotation may name: models, TypedDicts, enums, aliases. */

const ENUM_BASES = new Set(['Enum', 'IntEnum', 'StrEnum', 'Flag', 'IntFlag']);

/** The names a class's bases go by (`BaseModel`, `pydantic.BaseModel` → `BaseModel`). */
export const baseNames = (cls: PySyntaxNode): string[] => {
  const bases = cls.childForFieldName('superclasses');
  return (bases ? named(bases) : [])
    .map((base) => simpleName(base))
    .filter((name): name is string => name !== undefined);
};

/** The models, enums and type aliases a paste declares (a model may extend one declared later). */
export function collectDefinitions(nodes: PySyntaxNode[]): PyDefinitions {
  const definitions: PyDefinitions = {
    models: new Map(),
    typedDicts: new Map(),
    enums: new Map(),
    aliases: new Map(),
    strings: new Map(),
  };
  const classes = nodes.filter((node) => node.type === 'class_definition');
  let grew = true;
  while (grew) {
    grew = false;
    for (const cls of classes) {
      const name = cls.childForFieldName('name')?.text as string;
      if (definitions.models.has(name)) continue;
      if (baseNames(cls).some((base) => base === 'BaseModel' || definitions.models.has(base))) {
        definitions.models.set(name, cls);
        grew = true;
      } else if (
        !definitions.typedDicts.has(name) &&
        baseNames(cls).some((base) => base === 'TypedDict' || definitions.typedDicts.has(base))
      ) {
        // `class X(TypedDict, total=False)`: its keys are optional unless marked `Required[...]`.
        const total = !/\btotal\s*=\s*False\b/.test(cls.childForFieldName('superclasses')?.text ?? '');
        definitions.typedDicts.set(name, { node: cls, total });
        grew = true;
      }
    }
  }
  for (const cls of classes) {
    if (!baseNames(cls).some((base) => ENUM_BASES.has(base))) continue;
    const members = new Map<string, JsonValue>();
    for (const statement of named(cls.childForFieldName('body') ?? cls)) {
      const assignment = statement.type === 'expression_statement' ? named(statement)[0] : undefined;
      const target = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : null;
      const value = assignment?.childForFieldName('right');
      const read = value ? readValue(value) : undefined;
      if (target?.type === 'identifier' && read !== undefined && isJson(read)) members.set(target.text, read);
    }
    definitions.enums.set(cls.childForFieldName('name')?.text as string, { members, description: classDocstring(cls) });
  }
  for (const node of nodes) {
    const assignment = node.type === 'expression_statement' ? named(node)[0] : undefined;
    if (assignment?.type === 'type_alias_statement') {
      const [left, right] = named(assignment);
      if (left && right) definitions.aliases.set(left.text, right);
    }
    if (assignment?.type !== 'assignment') continue;
    const target = assignment.childForFieldName('left');
    const value = assignment.childForFieldName('right');
    const isAlias =
      assignment.childForFieldName('type')?.text === 'TypeAlias' ||
      value?.type === 'subscript' ||
      value?.type === 'generic_type';
    if (target?.type === 'identifier' && value && isAlias) definitions.aliases.set(target.text, value);
    const text = target?.type === 'identifier' && value && !isAlias ? readString(value) : undefined;
    // Bound again later with something else: no longer a known string.
    if (target?.type === 'identifier') {
      if (text === undefined) definitions.strings.delete(target.text);
      else definitions.strings.set(target.text, text);
    }
  }
  return definitions;
}
