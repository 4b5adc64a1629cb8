import type { ToolFromCode, ToolsFromCode } from '../../shapes/tool-from-code';
import { cleandoc, dedent, isInvalidGoogleDocstring, parseGoogleDocstring, pyStrip } from './python-docstrings';
import {
  findSyntaxError,
  named,
  type PySyntaxNode,
  readCallArguments,
  readString,
  readValue,
  simpleName,
} from './python-syntax';
import { rawDocstring } from './python-class-facts';
import { baseNames, collectDefinitions } from './python-definitions';
import { createPythonTypeReader, type PyDefinitions, type PyProperty } from './python-types';
import { removeTitles, sortLikePydantic } from './sort-like-pydantic';

type Schema = Record<string, unknown>;

/** Parameters LangChain never shows the model: callbacks, and values injected when the tool runs. */
const FILTERED_PARAMETERS = new Set(['run_manager', 'callbacks', 'self', 'cls']);
const INJECTED = /\b(InjectedToolArg|InjectedToolCallId|InjectedState|InjectedStore|ToolRuntime)\b/;

type ToolDecorator = { name?: string; description?: string; parseDocstring: boolean; argsSchema?: string };

/** One reading of a paste: the classes it declares, and the type reader over them. */
type PyReading = { reader: ReturnType<typeof createPythonTypeReader>; definitions: PyDefinitions };

/**
 * The tools a Python paste defines, as LangChain's `convert_to_openai_tool` makes them: each
 * top-level function (plain or `@tool`), `BaseTool` subclass, and `BaseModel` subclass that no
 * other definition uses. `root` is the module node of a tree-sitter-python parse.
 */
export function readPythonTools(root: PySyntaxNode): ToolsFromCode {
  const broken = findSyntaxError(root);
  if (broken) {
    const what = broken.isMissing
      ? `missing ${broken.type}`
      : `unexpected \`${broken.text.split('\n')[0].slice(0, 40)}\``;
    return {
      ok: false,
      problem: {
        message: `Python syntax error: ${what}.`,
        line: broken.startPosition.row + 1,
        column: broken.startPosition.column + 1,
      },
    };
  }
  const statements = named(root).map((node) => ({
    node,
    definition: node.type === 'decorated_definition' ? node.childForFieldName('definition') : node,
  }));
  const definitions = collectDefinitions(
    statements.map((statement) => statement.definition).filter((node): node is PySyntaxNode => node !== null),
  );
  const reader = createPythonTypeReader(definitions);
  const t: PyReading = { reader, definitions };
  const notes: string[] = [];
  const built: { tool: ToolFromCode; model?: string }[] = [];

  for (const { node, definition } of statements) {
    const name = definition?.childForFieldName('name')?.text;
    if (!definition || !name || name.startsWith('_')) continue;
    if (definition.type === 'function_definition') {
      built.push({ tool: functionTool(t, definition, node.type === 'decorated_definition' ? node : undefined) });
    } else if (definition.type === 'class_definition' && isToolClass(definition)) {
      built.push({ tool: classTool(t, definition, name) });
    } else if (definition.type === 'class_definition' && definitions.models.has(name)) {
      const toolNotes: string[] = [];
      // LangChain names the tool by the schema's title: the class name, or `ConfigDict(title=...)`.
      const { description, title, ...parameters } = reader.modelSchema(name, toolNotes);
      built.push({
        tool: {
          definition: {
            name: typeof title === 'string' ? title : name,
            description: (description as string) ?? '',
            parameters: finish(parameters),
          },
          notes: toolNotes,
        },
        model: name,
      });
    }
  }
  // A TypedDict no definition uses is said; one a parameter or field uses is read there.
  for (const name of definitions.typedDicts.keys())
    if (!reader.used.has(name) && !name.startsWith('_'))
      notes.push(`\`${name}\` is a TypedDict; the playground reads functions, BaseModel and BaseTool classes.`);
  const tools = built.filter(({ model }) => model === undefined || !reader.used.has(model)).map(({ tool }) => tool);
  for (const { model } of built)
    if (model && reader.used.has(model))
      notes.push(`\`${model}\` is used by another definition, so it is not a tool of its own.`);
  if (tools.length === 0 && notes.length === 0)
    notes.push('No function, BaseModel or BaseTool class at the top level of the code.');
  return { ok: true, tools, notes };
}

function parameterProperties(
  t: PyReading,
  fn: PySyntaxNode,
  describe: (name: string) => string | undefined,
  toolNotes: string[],
): PyProperty[] {
  const { reader } = t;
  const properties: PyProperty[] = [];
  const list = fn.childForFieldName('parameters');
  for (const parameter of list ? named(list) : []) {
    if (parameter.type === 'keyword_separator' || parameter.type === 'positional_separator') continue;
    if (
      parameter.type === 'list_splat_pattern' ||
      parameter.type === 'dictionary_splat_pattern' ||
      /^\*/.test(parameter.text)
    ) {
      toolNotes.push(
        `\`${parameter.text.split(':')[0]}\` takes any arguments, which a JSON Schema cannot list; it was left out.`,
      );
      continue;
    }
    const name = (
      parameter.type === 'identifier' ? parameter : (parameter.childForFieldName('name') ?? named(parameter)[0])
    )?.text;
    if (!name || FILTERED_PARAMETERS.has(name)) continue;
    const annotation = parameter.childForFieldName('type') ?? undefined;
    if (annotation && INJECTED.test(annotation.text)) {
      toolNotes.push(`\`${name}\` is injected when the tool runs; the model does not see it.`);
      continue;
    }
    const value = parameter.type.endsWith('default_parameter')
      ? (parameter.childForFieldName('value') ?? undefined)
      : undefined;
    const property = reader.readProperty(name, annotation, value, toolNotes, {
      description: describe(name),
      annotatedStrings: true,
    });
    if (property) properties.push(property);
  }
  return properties;
}

function functionTool(t: PyReading, fn: PySyntaxNode, decorated: PySyntaxNode | undefined): ToolFromCode {
  const { reader, definitions } = t;
  const toolNotes: string[] = [];
  const decorator = decorated ? readToolDecorator(decorated, t.definitions.strings, toolNotes) : undefined;
  const fnName = fn.childForFieldName('name')?.text as string;
  const raw = rawDocstring(fn);
  const docstring = raw === undefined ? undefined : cleandoc(raw);
  const parsed = parseGoogleDocstring(docstring);
  let description: string;
  let argDescriptions = new Map<string, string>();
  if (!decorator) {
    description = parsed.description;
    argDescriptions = parsed.args;
  } else if (decorator.parseDocstring) {
    const names = parameterNames(fn);
    if (isInvalidGoogleDocstring(docstring, names))
      toolNotes.push(
        'LangChain refuses this docstring with `parse_docstring=True`: it needs a summary and an `Args:` section.',
      );
    description = decorator.description ?? parsed.description;
    argDescriptions = parsed.args;
  } else {
    if (raw === undefined && decorator.description === undefined)
      toolNotes.push("LangChain's `@tool` needs a docstring or `description=`; the description is empty.");
    description = decorator.description ?? pyStrip(dedent(raw ?? ''));
  }
  if (docstring && !parsed.hasArgs && /(^|\n)(Parameters\n-{3,}|:param )/.test(docstring)) {
    toolNotes.push(
      'The parameter descriptions in this docstring stay in the description: LangChain reads them only from a Google-style `Args:` section.',
    );
  }
  let parameters: Schema;
  if (decorator?.argsSchema && definitions.models.has(decorator.argsSchema)) {
    reader.used.add(decorator.argsSchema);
    const {
      description: modelDescription,
      title: _title,
      ...schema
    } = reader.modelSchema(decorator.argsSchema, toolNotes, { asArgsSchema: true });
    parameters = schema;
    if (!description && typeof modelDescription === 'string') description = modelDescription;
  } else {
    parameters = objectSchema(parameterProperties(t, fn, (name) => argDescriptions.get(name), toolNotes));
  }
  return {
    definition: { name: decorator?.name ?? fnName, description, parameters: finish(parameters) },
    notes: toolNotes,
  };
}

function classTool(t: PyReading, cls: PySyntaxNode, className: string): ToolFromCode {
  const { reader, definitions } = t;
  const toolNotes: string[] = [];
  const attributes = new Map<string, PySyntaxNode>();
  let run: PySyntaxNode | undefined;
  for (const statement of named(cls.childForFieldName('body') ?? cls)) {
    const inner = statement.type === 'decorated_definition' ? statement.childForFieldName('definition') : statement;
    if (
      inner?.type === 'function_definition' &&
      ['_run', '_arun'].includes(inner.childForFieldName('name')?.text ?? '')
    )
      run ??= inner;
    const assignment = statement.type === 'expression_statement' ? named(statement)[0] : undefined;
    const target = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : null;
    const value = assignment?.childForFieldName('right');
    if (target?.type === 'identifier' && value) attributes.set(target.text, value);
  }
  const text = (key: string) => {
    const node = attributes.get(key);
    return node ? readString(node) : undefined;
  };
  const schemaName = attributes.get('args_schema')
    ? simpleName(attributes.get('args_schema') as PySyntaxNode)
    : undefined;
  let parameters: Schema;
  if (schemaName && definitions.models.has(schemaName)) {
    reader.used.add(schemaName);
    const {
      description: _description,
      title: _title,
      ...schema
    } = reader.modelSchema(schemaName, toolNotes, { asArgsSchema: true });
    parameters = schema;
  } else if (run) {
    parameters = objectSchema(parameterProperties(t, run, () => undefined, toolNotes));
  } else {
    toolNotes.push('The class has no `args_schema` model from this code and no `_run`; it takes no parameters.');
    parameters = objectSchema([]);
  }
  return {
    definition: {
      name: text('name') ?? className,
      description: text('description') ?? '',
      parameters: finish(parameters),
    },
    notes: toolNotes,
  };
}

/** pydantic's key order, then LangChain's `_rm_titles` (which, as written, leaves the titles inside lists). */
const finish = (parameters: Schema) => removeTitles(sortLikePydantic(parameters));

function objectSchema(properties: PyProperty[]): Schema {
  const required = properties.filter((property) => property.required).map((property) => property.name);
  return {
    properties: Object.fromEntries(properties.map((property) => [property.name, property.schema])),
    ...(required.length > 0 ? { required } : {}),
    type: 'object',
  };
}

function parameterNames(fn: PySyntaxNode): string[] {
  const list = fn.childForFieldName('parameters');
  return (list ? named(list) : [])
    .map(
      (parameter) =>
        (parameter.type === 'identifier' ? parameter : (parameter.childForFieldName('name') ?? named(parameter)[0]))
          ?.text,
    )
    .filter((name): name is string => name !== undefined);
}

/** `@tool`, `@tool("name")`, `@tool(parse_docstring=True, description=…, args_schema=…)`; others are not tools' decorators. */
function readToolDecorator(
  decorated: PySyntaxNode,
  strings: ReadonlyMap<string, string>,
  toolNotes: string[],
): ToolDecorator | undefined {
  for (const decorator of named(decorated).filter((child) => child.type === 'decorator')) {
    const expression = named(decorator)[0];
    if (!expression) continue;
    if (simpleName(expression) === 'tool') return { parseDocstring: false };
    if (expression.type !== 'call' || simpleName(expression.childForFieldName('function') ?? expression) !== 'tool')
      continue;
    const { positional, keywords } = readCallArguments(expression);
    const flag = keywords.get('parse_docstring');
    const schema = keywords.get('args_schema');
    return {
      name: positional[0] ? readString(positional[0]) : undefined,
      description: decoratorDescription(keywords.get('description'), strings, toolNotes),
      parseDocstring: flag ? readValue(flag) === true : false,
      argsSchema: schema ? simpleName(schema) : undefined,
    };
  }
  return undefined;
}

/**
 * `description=` of `@tool`: a string, or a module-level name bound to one. Anything else (a name
 * from another module, an expression) is said in a note — LangChain would send that text, and the
 * docstring stands in for it here.
 */
function decoratorDescription(
  node: PySyntaxNode | undefined,
  strings: ReadonlyMap<string, string>,
  toolNotes: string[],
): string | undefined {
  if (!node) return undefined;
  const text = readString(node) ?? (node.type === 'identifier' ? strings.get(node.text) : undefined);
  if (text === undefined)
    toolNotes.push(
      `\`description=${node.text.slice(0, 60)}\` is not a string this paste defines: LangChain sends its text; the docstring stands in for it here.`,
    );
  return text;
}

/**
 * A LangChain tool class: a `BaseTool` subclass, or one of a base whose name says it is a tool
 * (`GmailBaseTool`, `BaseBrowserTool` — defined in another file) that sets its own `args_schema`.
 */
function isToolClass(cls: PySyntaxNode): boolean {
  const bases = baseNames(cls);
  if (bases.includes('BaseTool')) return true;
  if (!bases.some((base) => /Tool$/.test(base))) return false;
  return named(cls.childForFieldName('body') ?? cls).some((statement) => {
    const assignment = statement.type === 'expression_statement' ? named(statement)[0] : undefined;
    return assignment?.type === 'assignment' && assignment.childForFieldName('left')?.text === 'args_schema';
  });
}
