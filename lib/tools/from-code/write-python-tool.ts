import type { ToolDefinition } from '../../shapes/tool-formats';
import type { WrittenTool } from '../../shapes/tool-from-code';
import { classConfig, hasTitleKeyword, requiredNeedsSaying, TITLE_NOTE, toolClassName } from './python-class-config';
import { cleandoc } from './python-docstrings';
import {
  FORMATS,
  importLines,
  isPlainText,
  LENGTH_FIELDS,
  literalType,
  NUMBER_FIELDS,
  optionalWithoutDefault,
} from './python-field-keywords';
import { docstring, escapeDocstring, isIdentifier, pascal, pythonLiteral, safeName } from './python-source-text';

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
  // A fresh writer for the model form: the first try may have noted imports and classes.
  const code =
    createWriter(definition.name).simpleFunction(definition) ?? createWriter(definition.name).modelTool(definition);
  const notes = hasTitleKeyword(definition.parameters) ? [TITLE_NOTE] : [];
  return { code: notes.length > 0 ? `${notes.map((note) => `# ${note}`).join('\n')}\n${code}` : code, notes };
}

function createWriter(toolName: string) {
  const typing = new Set<string>();
  const imports = new Set<string>();
  const classes: string[] = [];
  const classNames = new Set<string>();
  const base = pascal(toolName) || 'Tool';

  const className = (hint: string) => {
    let name = `${base}${pascal(hint)}`;
    for (let n = 2; classNames.has(name); n++) name = `${base}${pascal(hint)}${n}`;
    classNames.add(name);
    return name;
  };

  /** The type hint of a schema, and the `Field(...)` arguments its keywords need (constraints, extras). */
  function hintOf(schema: unknown, hint: string): { hint: string; field: Map<string, string> } {
    const field = new Map<string, string>();
    if (!isObject(schema)) {
      typing.add('Any');
      return { hint: 'Any', field };
    }
    const extra: Schema = {};
    const handled = new Set(['description', 'default']);
    const take = (...keys: string[]) => {
      for (const key of keys) handled.add(key);
    };
    let out: string;
    const type = schema.type;
    if (Array.isArray(type)) {
      const nonNull = type.filter((each) => each !== 'null');
      const parts = nonNull.map((each) =>
        hintOf({ ...schema, type: each, description: undefined, default: undefined }, hint),
      );
      for (const key of Object.keys(schema)) handled.add(key);
      const union = parts.length === 1 ? parts[0].hint : unionOf(parts.map((part) => part.hint));
      // pydantic writes a union as `anyOf`; the draft's list of types is kept as written.
      const { description: _description, default: _default, ...written } = schema;
      out = withJsonSchema(type.includes('null') ? optional(union) : union, written);
    } else if (
      Array.isArray(schema.enum) &&
      schema.enum.length === 1 &&
      ['string', 'number', 'boolean'].includes(typeof schema.enum[0])
    ) {
      // pydantic writes a one-value `Literal` as `const`; the draft's `enum` is kept as written.
      typing.add('Literal');
      take('enum', 'type');
      out = withJsonSchema(`Literal[${pythonLiteral(schema.enum[0])}]`, {
        enum: schema.enum,
        ...(type !== undefined ? { type } : {}),
      });
    } else if (
      Array.isArray(schema.enum) &&
      schema.enum.length > 0 &&
      schema.enum.every((value) => ['string', 'number', 'boolean'].includes(typeof value))
    ) {
      typing.add('Literal');
      take('enum');
      out = `Literal[${schema.enum.map(pythonLiteral).join(', ')}]`;
      const inferred = literalType(schema.enum);
      if (typeof type === 'string' && type !== inferred) extra.type = type;
      take('type');
    } else if ('const' in schema && ['string', 'number', 'boolean'].includes(typeof schema.const)) {
      typing.add('Literal');
      take('const', 'type');
      out = `Literal[${pythonLiteral(schema.const)}]`;
      if (typeof type === 'string' && type !== literalType([schema.const])) extra.type = type;
    } else if (Array.isArray(schema.anyOf) && type === undefined && schema.anyOf.length > 0) {
      take('anyOf');
      const branches = schema.anyOf as unknown[];
      const nonNull = branches.filter(
        (branch) => !(isObject(branch) && branch.type === 'null' && Object.keys(branch).length === 1),
      );
      const parts = nonNull.map((branch) => nested(branch, hint));
      const union = parts.length === 1 ? parts[0] : unionOf(parts);
      out = nonNull.length < branches.length ? optional(union) : union;
    } else if (type === 'string') {
      take('type');
      const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
      if (format) {
        take('format');
        imports.add(format === 'UUID' ? 'from uuid import UUID' : `from datetime import ${format}`);
      }
      out = format ?? 'str';
      take('minLength', 'maxLength', 'pattern');
      for (const key of ['minLength', 'maxLength'] as const)
        if (typeof schema[key] === 'number') field.set(LENGTH_FIELDS[key], String(schema[key]));
      if (typeof schema.pattern === 'string') field.set('pattern', JSON.stringify(schema.pattern));
    } else if (type === 'integer' || type === 'number') {
      take('type', ...Object.keys(NUMBER_FIELDS));
      out = type === 'integer' ? 'int' : 'float';
      for (const [key, name] of Object.entries(NUMBER_FIELDS))
        if (typeof schema[key] === 'number') field.set(name, pythonLiteral(schema[key]));
    } else if (type === 'boolean') {
      take('type');
      out = 'bool';
    } else if (type === 'null') {
      take('type');
      out = 'None';
    } else if (type === 'array' && !Array.isArray(schema.items)) {
      take('type', 'items', 'minItems', 'maxItems', 'uniqueItems');
      typing.add(schema.uniqueItems === true ? 'Set' : 'List');
      out = `${schema.uniqueItems === true ? 'Set' : 'List'}[${schema.items === undefined ? anyHint() : nested(schema.items, `${hint}_item`)}]`;
      for (const key of ['minItems', 'maxItems'] as const)
        if (typeof schema[key] === 'number') field.set(LENGTH_FIELDS[key], String(schema[key]));
    } else if (type === 'object' && isObject(schema.properties) && Object.keys(schema.properties).length > 0) {
      take('type', 'properties', 'required', 'additionalProperties');
      out = modelClass(schema, hint, false);
    } else if (type === 'object' && schema.additionalProperties === undefined) {
      // A bare object: pydantic writes `Dict[str, Any]` as open (`additionalProperties: true`); the draft says nothing.
      take('type', 'properties');
      typing.add('Dict');
      out = withJsonSchema(`Dict[str, ${anyHint()}]`, {
        type: 'object',
        ...(isObject(schema.properties) ? { properties: {} } : {}),
      });
    } else if (
      type === 'object' &&
      (schema.additionalProperties === true ||
        schema.additionalProperties === true ||
        isObject(schema.additionalProperties))
    ) {
      take('type', 'properties', 'additionalProperties');
      typing.add('Dict');
      const values =
        isObject(schema.additionalProperties) && Object.keys(schema.additionalProperties).length > 0
          ? nested(schema.additionalProperties, `${hint}_value`)
          : anyHint();
      out = `Dict[str, ${values}]`;
    } else {
      out = anyHint();
    }
    for (const [key, value] of Object.entries(schema)) if (!handled.has(key)) extra[key] = value;
    if (Object.keys(extra).length > 0) field.set('json_schema_extra', pythonLiteral(extra));
    return { hint: out, field };
  }

  /** A hint inside another (`List[...]`, a union): its own constraints and description go in `Annotated`. */
  function nested(schema: unknown, hint: string): string {
    const inner = hintOf(schema, hint);
    const isModel = classNames.has(inner.hint);
    if (isObject(schema) && typeof schema.description === 'string' && !isModel)
      inner.field.set('description', JSON.stringify(schema.description));
    if (isObject(schema) && 'default' in schema) inner.field.set('default', pythonLiteral(schema.default));
    if (inner.field.size === 0) return inner.hint;
    typing.add('Annotated');
    imports.add('from pydantic import Field');
    return `Annotated[${inner.hint}, Field(${[...inner.field].map(([key, value]) => `${key}=${value}`).join(', ')})]`;
  }

  /** A hint whose JSON Schema pydantic would write otherwise, with the draft's (pydantic's `WithJsonSchema`). */
  const withJsonSchema = (hint: string, schema: Schema) => {
    typing.add('Annotated');
    imports.add('from pydantic import WithJsonSchema');
    return `Annotated[${hint}, WithJsonSchema(${pythonLiteral(schema)})]`;
  };
  const anyHint = () => {
    typing.add('Any');
    return 'Any';
  };
  const optional = (hint: string) => {
    typing.add('Optional');
    return `Optional[${hint}]`;
  };
  const unionOf = (hints: string[]) => {
    typing.add('Union');
    return `Union[${hints.join(', ')}]`;
  };

  /** An object schema as a `BaseModel` class (written above the tool); its name. */
  function modelClass(schema: Schema, hint: string, isArgs: boolean, tool?: ToolDefinition): string {
    const name = tool ? toolClassName(tool.name) : isArgs ? className('Input') : className(hint);
    classNames.add(name);
    const lines = [`class ${name}(BaseModel):`];
    imports.add('from pydantic import BaseModel, Field');
    const description = tool
      ? tool.description
      : !isArgs && typeof schema.description === 'string'
        ? schema.description
        : undefined;
    // pydantic cleans a docstring (`inspect.cleandoc`); a description it would change is given as is instead.
    const asDocstring = description !== undefined && cleandoc(description) === description;
    if (description && asDocstring) lines.push(`    ${docstring(description, '    ')}`, '');
    const properties = schema.properties as Record<string, unknown>;
    const config = classConfig(schema, {
      title: tool && name !== tool.name ? tool.name : undefined,
      description: description !== undefined && !asDocstring ? description : undefined,
    });
    if (config) {
      imports.add('from pydantic import ConfigDict');
      lines.push(
        ...config.comments.map((comment) => `    # ${comment}`),
        `    model_config = ConfigDict(${config.args})`,
        '',
      );
    }
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    for (const [property, value] of Object.entries(properties)) {
      const fieldName =
        isIdentifier(property) && !property.startsWith('_') && property !== 'model_config'
          ? property
          : safeName(property);
      const { hint: type, field } = hintOf(value, `${hint}_${property}`);
      const hasDefault = isObject(value) && 'default' in value;
      const isRequired = required.has(property) && !hasDefault;
      let finalType = type;
      if (!isRequired && !hasDefault) {
        const said = optionalWithoutDefault(type, field);
        finalType = said.hint;
        for (const name of said.typing) typing.add(name);
        for (const line of said.imports) imports.add(line);
      }
      const args = [...field].map(([key, each]) => `${key}=${each}`);
      if (fieldName !== property) args.unshift(`alias=${JSON.stringify(property)}`);
      if (isObject(value) && typeof value.description === 'string')
        args.unshift(`description=${JSON.stringify(value.description)}`);
      const defaultValue = hasDefault ? pythonLiteral((value as Schema).default) : isRequired ? undefined : 'None';
      if (args.length === 0)
        lines.push(`    ${fieldName}: ${finalType}${defaultValue === undefined ? '' : ` = ${defaultValue}`}`);
      else
        lines.push(
          `    ${fieldName}: ${finalType} = Field(${[...(defaultValue === undefined ? [] : [defaultValue]), ...args].join(', ')})`,
        );
    }
    if (Object.keys(properties).length === 0) lines.push('    pass');
    classes.push(lines.join('\n'));
    return name;
  }

  const header = (withTool = true) => importLines(typing, imports, withTool);

  const functionName = isIdentifier(toolName) ? toolName : safeName(toolName) || 'tool_function';
  const decoratorName = functionName === toolName ? '' : `${JSON.stringify(toolName)}, `;
  const stub = `    raise NotImplementedError(${JSON.stringify(`${toolName} is not implemented yet`)})`;

  return {
    /** `@tool(parse_docstring=True)` with plain hints — when hints and a docstring say the whole schema exactly. */
    simpleFunction(definition: ToolDefinition): string | undefined {
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
        const { hint, field } = hintOf(value, name);
        if (field.size > 0 || classes.length > 0) return undefined;
        const description = value.description;
        if (
          description !== undefined &&
          (typeof description !== 'string' ||
            !isPlainText(description) ||
            description.includes('\n') ||
            description === '')
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
      const keywordOnly =
        firstOptional !== -1 && parameters.slice(firstOptional).some((parameter) => !parameter.optional);
      const signature = [...(keywordOnly ? ['*'] : []), ...parameters.map((parameter) => parameter.text)].join(', ');
      const doc = escapeDocstring(definition.description).replace(/\n/g, '\n    ');
      const docLines = documented.length > 0 ? `${doc}\n\n    Args:\n${documented.join('\n')}\n    ` : doc;
      return `${header()}\n\n@tool(${decoratorName}parse_docstring=True)\ndef ${functionName}(${signature}) -> str:\n    """${docLines}"""\n${stub}\n`;
    },

    /**
     * A Pydantic model that is the tool (`llm.bind_tools([Model])`: its name the tool's, its
     * docstring the description), with one class per nested object; a name that cannot be a
     * class name makes an args model for `@tool("name", args_schema=...)` instead.
     */
    modelTool(definition: ToolDefinition): string {
      const schema =
        isObject(definition.parameters) && definition.parameters.type === 'object'
          ? definition.parameters
          : { type: 'object' };
      const name = modelClass({ properties: {}, ...schema }, 'Input', true, definition);
      return `${header(false)}\n\n${classes.join('\n\n\n')}\n\n\n# The model is the tool: llm.bind_tools([${name}])\n`;
    },
  };
}
