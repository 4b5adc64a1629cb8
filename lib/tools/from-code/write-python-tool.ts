import type { ToolDefinition } from '../../shapes/tool-formats';
import type { WrittenTool } from '../../shapes/tool-from-code';
import { hasTitleKeyword, requiredNeedsSaying, TITLE_NOTE } from './python-class-config';
import { hintOf, modelClass, newPythonModule } from './python-module-writer';
import { importLines, isPlainText } from './python-field-keywords';
import { escapeDocstring, isIdentifier, pythonLiteral, safeName } from './python-source-text';

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A tool as ready-to-paste Python for LangChain: a `@tool` function whose type hints and
 * Google-style docstring say it all when they can, otherwise a Pydantic model that is the tool
 * (nested objects as classes, constraints as `Field(...)`, other keywords in `json_schema_extra`;
 * where pydantic would write something else, pydantic's own `SkipJsonSchema`, `WithJsonSchema`
 * and `ConfigDict` say the drafted schema). Read back — by LangChain's `convert_to_openai_tool` or
 * by `Tool from code` — it is the same JSON. Every value is written as a Python literal.
 */
export function writePythonTool(definition: ToolDefinition): WrittenTool {
  // Each form writes a module of its own: the first try may have noted imports and classes.
  const code = simpleFunction(definition) ?? modelTool(definition);
  const notes = [
    ...(hasTitleKeyword(definition.parameters) ? [TITLE_NOTE] : []),
    ...(typeof definition.parameters.description === 'string' && definition.parameters.description !== ''
      ? [
          `The schema's own description (${JSON.stringify(definition.parameters.description.slice(0, 80))}) has no place in LangChain's tool, which sends the tool's description at the top: it is left out.`,
        ]
      : []),
  ];
  return { code: notes.length > 0 ? `${notes.map((note) => `# ${note}`).join('\n')}\n${code}` : code, notes };
}

/** `@tool(parse_docstring=True)` with plain hints — when hints and a docstring say the whole schema exactly. */
function simpleFunction(definition: ToolDefinition): string | undefined {
  const m = newPythonModule(definition.name);
  const toolName = definition.name;
  const functionName = isIdentifier(toolName) ? toolName : safeName(toolName) || 'tool_function';
  const decoratorName = functionName === toolName ? '' : `${JSON.stringify(toolName)}, `;
  const stub = `    raise NotImplementedError(${JSON.stringify(`${toolName} is not implemented yet`)})`;
  const schema = definition.parameters;
  const properties = (isObject(schema.properties) ? schema.properties : {}) as Record<string, unknown>;
  const keys = Object.keys(schema).filter((key) => !['type', 'properties', 'required'].includes(key));
  if (schema.type !== 'object' || keys.length > 0 || requiredNeedsSaying(schema)) return undefined;
  if (
    !isPlainText(definition.description) ||
    /\n\s*\n/.test(definition.description) ||
    /^(Args|Returns|Example):/m.test(definition.description)
  )
    return undefined;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const parameters: { text: string; optional: boolean }[] = [];
  const documented: string[] = [];
  for (const [name, value] of Object.entries(properties)) {
    if (!isIdentifier(name) || name.startsWith('_') || !isObject(value)) return undefined;
    const { hint, field } = hintOf(m, value, name);
    if (field.size > 0 || m.classes.length > 0) return undefined;
    const description = value.description;
    if (
      description !== undefined &&
      (typeof description !== 'string' || !isPlainText(description) || description.includes('\n') || description === '')
    )
      return undefined;
    const hasDefault = 'default' in value;
    const isRequired = required.has(name) && !hasDefault;
    // A parameter's `None` default goes into the schema; only a model can leave it out.
    if (!isRequired && !hasDefault) return undefined;
    parameters.push({
      text: `${name}: ${hint}${isRequired ? '' : ` = ${pythonLiteral(value.default)}`}`,
      optional: !isRequired,
    });
    if (typeof description === 'string') documented.push(`        ${name}: ${escapeDocstring(description)}`);
  }
  if (parameters.length > 0 && documented.length === 0) return undefined;
  // Python wants defaults last; keyword-only parameters keep the schema's order instead.
  const firstOptional = parameters.findIndex((parameter) => parameter.optional);
  const keywordOnly = firstOptional !== -1 && parameters.slice(firstOptional).some((parameter) => !parameter.optional);
  const signature = [...(keywordOnly ? ['*'] : []), ...parameters.map((parameter) => parameter.text)].join(', ');
  const doc = escapeDocstring(definition.description).replace(/\n/g, '\n    ');
  const docLines = documented.length > 0 ? `${doc}\n\n    Args:\n${documented.join('\n')}\n    ` : doc;
  return `${importLines(m.typing, m.imports, true)}\n\n@tool(${decoratorName}parse_docstring=True)\ndef ${functionName}(${signature}) -> str:\n    """${docLines}"""\n${stub}\n`;
}

/**
 * A Pydantic model that is the tool (`llm.bind_tools([Model])`: its name the tool's — through
 * `ConfigDict(title=...)` when it cannot be a class name — its docstring the description), with
 * one class per nested object.
 */
function modelTool(definition: ToolDefinition): string {
  const m = newPythonModule(definition.name);
  const schema =
    isObject(definition.parameters) && definition.parameters.type === 'object'
      ? definition.parameters
      : { type: 'object' };
  const name = modelClass(m, { properties: {}, ...schema }, 'Input', true, definition);
  return `${importLines(m.typing, m.imports, false)}\n\n${m.classes.join('\n\n\n')}\n\n\n# The model is the tool: llm.bind_tools([${name}])\n`;
}
