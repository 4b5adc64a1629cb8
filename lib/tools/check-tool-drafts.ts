import { checkToolSource } from './check-tool-source';
import type { ToolSetCheck } from './tool-check';
import { toolSetCheckOf } from './tool-set-check-of';
import type { SchemaChecker } from './create-schema-checker';
import type { ToolDraft } from '../shapes/tool-spec';

/**
 * Checks every draft and works out which tools the next run sends. A text the checker has seen is
 * not checked again (an eval grid checks the same tools for every run).
 */
export function checkToolDrafts(drafts: readonly ToolDraft[], checker: SchemaChecker): ToolSetCheck {
  const check = (source: string) =>
    checker.remember
      ? checker.remember(`tool-source\u0000${source}`, () => checkToolSource(source, checker))
      : checkToolSource(source, checker);
  return toolSetCheckOf(
    drafts,
    drafts.map((draft) => check(draft.source)),
  );
}
