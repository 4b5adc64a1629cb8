import 'server-only';
import type { jsonSchemaValidator } from '@modelcontextprotocol/client';
import { createSchemaChecker, type SchemaChecker } from '../../tools/create-schema-checker';
import { problemToSentence } from '../../tools/format-ajv-errors';

/**
 * The MCP SDK client's JSON Schema validator (`jsonSchemaValidator` option) on the
 * playground's own checker: a server's `outputSchema` patterns run on RE2, in linear time
 * (the SDK's own Ajv runs them on JavaScript's backtracking RegExp: `^(a+)+$` against 31 a's
 * and a "!" stalls the event loop for seconds). A schema is compiled when a result is first
 * checked against it, not when the tools are listed.
 */
export function createRe2Validator(checker: SchemaChecker = createSchemaChecker()): jsonSchemaValidator {
  return {
    getValidator(schema) {
      return (input) => {
        const problems = checker.checkValue(schema as Record<string, unknown>, input);
        return problems.length === 0
          ? { valid: true, data: input as never, errorMessage: undefined }
          : {
              valid: false,
              data: undefined,
              errorMessage: problems.map((problem) => problemToSentence(problem, 'the result')).join('; '),
            };
      };
    },
  };
}
