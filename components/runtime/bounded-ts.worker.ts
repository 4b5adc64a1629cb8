/// <reference lib="webworker" />
import { initialize } from 'monaco-editor/internal/common/initialize';
import { TypeScriptWorker } from 'monaco-editor/languages/features/typescript/tsWorker';
import { findDeepNesting } from '@/lib/tools/from-code/find-deep-nesting';

/**
 * Monaco's TypeScript worker, with one bound: the compiler's parser recurses once per level of
 * nesting, and on a stranger's 3,000-deep paste it overflows and Monaco rethrows that into the
 * page. An editor's text nested past the readers' bound is given to the language service as
 * empty — no squiggles, hover or completion for it — and the page says where it nests too deep.
 */
class BoundedTypeScriptWorker extends TypeScriptWorker {
  override _getScriptText(fileName: string): string | undefined {
    const text = super._getScriptText(fileName);
    if (text === undefined || !this._getModel(fileName)) return text;
    return findDeepNesting(text, 'typescript') ? '' : text;
  }
}

self.onmessage = () => {
  initialize((ctx, createData) => new BoundedTypeScriptWorker(ctx, createData));
};
