import 'server-only';
import {
  type CallToolResult,
  type JsonSchemaValidator,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/client';

/**
 * Checks a result's structured content against the tool's output schema, as the SDK does —
 * but for the tools of every page (the SDK keeps only the last `tools/list` page's schemas),
 * on RE2, a schema compiled when first needed.
 */
export function checkStructuredContent(
  name: string,
  result: CallToolResult,
  validator: JsonSchemaValidator<unknown> | undefined,
): CallToolResult {
  if (!validator || result.isError) return result;
  if (result.structuredContent === undefined)
    throw new ProtocolError(
      ProtocolErrorCode.InvalidRequest,
      `Tool ${name} has an output schema but did not return structured content`,
    );
  const checked = validator(result.structuredContent);
  if (!checked.valid)
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Structured content does not match the tool's output schema: ${checked.errorMessage}`,
    );
  return result;
}
