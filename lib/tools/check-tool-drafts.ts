import { checkToolSource } from './check-tool-source';
import type { ToolSetCheck } from './tool-check';
import { toolSetCheckOf } from './tool-set-check-of';
import type { SchemaChecker } from './create-schema-checker';
import type { ToolDraft } from '../shapes/tool-spec';

/** Checks every draft and works out which tools the next run sends. */
export function checkToolDrafts(drafts: readonly ToolDraft[], checker: SchemaChecker): ToolSetCheck {
  return toolSetCheckOf(
    drafts,
    drafts.map((draft) => checkToolSource(draft.source, checker)),
  );
}
