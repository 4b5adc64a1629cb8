import type { JsonValue, PySyntaxNode, PyValue } from './python-syntax';

/* The shapes one reading of a paste's Python annotations works with (python-types.ts). */

type Schema = Record<string, unknown>;

/** The classes and aliases a paste declares, by name: what an annotation may refer to. */
export type PyDefinitions = {
  models: Map<string, PySyntaxNode>;
  /** TypedDict classes, each with its `total=` (keys required unless `False`). */
  typedDicts: Map<string, { node: PySyntaxNode; total: boolean }>;
  enums: Map<string, { members: Map<string, JsonValue>; description?: string }>;
  aliases: Map<string, PySyntaxNode>;
  /** Module-level names bound to a string (`DESCRIPTION = ("…" "…")`), as `@tool(description=NAME)` uses them. */
  strings: Map<string, string>;
};

/** A property as pydantic writes it: its schema, whether it is required, and the name it goes by. */
export type PyProperty = { name: string; fieldName: string; schema: Schema; required: boolean };

/** What one reading of a paste's annotations keeps (`createPythonTypeReader`). */
export type TypeReading = {
  definitions: PyDefinitions;
  /** Models in the middle of being read (a self-reference would never end). */
  reading: Set<string>;
  /** Every model an annotation used, for telling tools from their parts. */
  used: Set<string>;
  /** Schemas that stand for a `$ref` in pydantic's output (a model, an enum): their fields get no title. */
  references: WeakSet<Schema>;
  /** Reads an enum member (`Color.RED`) as its value. */
  resolveName: (node: PySyntaxNode) => PyValue;
};
