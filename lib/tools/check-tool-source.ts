import { findNodeAtLocation, type Node, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { checkJsonTextDepth } from '../limits/check-json-depth';
import type { SchemaChecker } from './create-schema-checker';
import { locateJsonPath } from './locate-json-path';
import { SCHEMA_KEYS, type SourceCheck, type ToolProblem } from './tool-check';
import { TOOL_NAME_PATTERN } from '../shapes/tool-limits';

function pointerSegments(pointer: string): (string | number)[] {
  return pointer
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((token) => (/^\d+$/.test(token) ? Number(token) : token));
}

function describeParseError(error: ParseError): string {
  const messages: Record<string, string> = {
    InvalidSymbol: 'Unexpected character',
    InvalidNumberFormat: 'Invalid number',
    PropertyNameExpected: 'A property name in double quotes is expected',
    ValueExpected: 'A value is expected',
    ColonExpected: 'A colon (:) is expected after the property name',
    CommaExpected: 'A comma (,) is expected between items',
    CloseBraceExpected: 'A closing brace (}) is missing',
    CloseBracketExpected: 'A closing bracket (]) is missing',
    EndOfFileExpected: 'Unexpected text after the end of the JSON',
    InvalidCommentToken: 'Comments are not allowed in JSON',
    UnexpectedEndOfComment: 'Comments are not allowed in JSON',
    UnexpectedEndOfString: 'A string is not closed',
    UnexpectedEndOfNumber: 'A number is cut short',
    InvalidUnicode: 'Invalid unicode escape',
    InvalidEscapeCharacter: 'Invalid escape character',
    InvalidCharacter: 'Invalid character in a string',
  };
  const code = printParseErrorCode(error.error);
  return `Invalid JSON: ${messages[code] ?? code}.`;
}

/**
 * Keys no run can carry: the AI SDK reads every chunk of the chat stream with a safe JSON reader
 * that refuses an object holding `__proto__` (or `constructor` with a `prototype`) — a tool
 * with one would break each run it is offered in, with a parse error naming nothing. Each, where it is.
 */
function forbiddenKeys(tree: Node): ToolProblem[] {
  const problems: ToolProblem[] = [];
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (node.type === 'property') {
      const key = node.children?.[0];
      const value = node.children?.[1];
      const prototypeIn =
        key?.value === 'constructor' &&
        value?.type === 'object' &&
        value.children?.some((child) => child.children?.[0]?.value === 'prototype');
      if (key && (key.value === '__proto__' || prototypeIn))
        problems.push({
          message: `"${key.value}"${prototypeIn ? ' holding "prototype"' : ''} cannot be a key in a tool: the chat stream's safe JSON reader refuses it, so every run offering this tool would fail. Rename it.`,
          offset: key.offset,
          length: key.length,
        });
    }
    stack.push(...(node.children ?? []));
  }
  return problems;
}

/**
 * Checks a tool definition as typed in the editor: JSON syntax, the definition's shape
 * (`name`, `description`, `parameters`), then the input schema against its meta-schema.
 * Never throws; every problem carries the text range it is about.
 */
export function checkToolSource(source: string, checker: SchemaChecker): SourceCheck {
  const depth = checkJsonTextDepth(source);
  if (!depth.ok) {
    return {
      kind: 'invalid',
      name: undefined,
      problems: [
        { message: `The definition cannot be checked: ${depth.message}.`, offset: depth.offset ?? 0, length: 1 },
      ],
    };
  }
  const parseErrors: ParseError[] = [];
  const tree = parseTree(source, parseErrors, { disallowComments: true, allowTrailingComma: false });
  if (parseErrors.length > 0 || !tree) {
    const problems = parseErrors.map((error) => ({
      message: describeParseError(error),
      offset: error.offset,
      length: Math.max(1, error.length),
    }));
    const nameNode = tree && findNodeAtLocation(tree, ['name']);
    const name = typeof nameNode?.value === 'string' ? nameNode.value : undefined;
    return {
      kind: 'invalid',
      name,
      problems: problems.length > 0 ? problems : [{ message: 'The definition is empty.', offset: 0, length: 1 }],
    };
  }

  const problem = (message: string, segments: (string | number)[]): ToolProblem => ({
    message,
    ...locateJsonPath(tree, segments),
  });

  const value: unknown = JSON.parse(source);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      kind: 'invalid',
      name: undefined,
      problems: [problem('A tool definition must be a JSON object with "name", "description" and "parameters".', [])],
    };
  }
  const definition = value as Record<string, unknown>;
  const problems: ToolProblem[] = [];
  const name = typeof definition.name === 'string' ? definition.name : undefined;

  if (name === undefined) {
    problems.push(problem('"name" is required and must be a string.', ['name']));
  } else if (!TOOL_NAME_PATTERN.test(name)) {
    problems.push(problem(`"name" must be 1–64 letters, digits, "_" or "-" (providers reject "${name}").`, ['name']));
  }
  if (definition.description !== undefined && typeof definition.description !== 'string') {
    problems.push(problem('"description" must be a string.', ['description']));
  }

  const schemaKey = SCHEMA_KEYS.find((key) => key in definition);
  const inputSchema = schemaKey ? definition[schemaKey] : undefined;
  if (!schemaKey) {
    problems.push(problem('"parameters" is required: the JSON Schema of the tool\'s input.', []));
  } else if (typeof inputSchema !== 'object' || inputSchema === null || Array.isArray(inputSchema)) {
    problems.push(problem(`"${schemaKey}" must be a JSON Schema object.`, [schemaKey]));
  } else {
    const schema = inputSchema as Record<string, unknown>;
    if (schema.type !== 'object') {
      problems.push(
        problem(`"${schemaKey}.type" must be "object": providers only accept object inputs.`, [schemaKey, 'type']),
      );
    }
    for (const schemaProblem of checker.checkSchema(schema)) {
      const at = schemaProblem.path ? `${schemaKey}.${schemaProblem.path}` : schemaKey;
      problems.push(
        problem(`Invalid schema: \`${at}\` ${schemaProblem.message}.`, [
          schemaKey,
          ...pointerSegments(schemaProblem.pointer),
        ]),
      );
    }
  }

  problems.push(...forbiddenKeys(tree));
  if (problems.length > 0 || !schemaKey) return { kind: 'invalid', name, problems };
  return {
    kind: 'valid',
    schemaKey,
    spec: {
      name: name as string,
      description: (definition.description as string | undefined) ?? '',
      inputSchema: inputSchema as Record<string, unknown>,
    },
  };
}
