import type TypeScript from 'typescript';
import type { CodeProblem } from '../../shapes/tool-from-code';

/** The first syntax error TypeScript's parser reports in a paste (1-based line and column), if any. */
export function findTypeScriptSyntaxProblem(ts: typeof TypeScript, code: string): CodeProblem | undefined {
  const { diagnostics = [] } = ts.transpileModule(code, {
    reportDiagnostics: true,
    fileName: 'tools.ts',
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  });
  const syntax = diagnostics.find((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error);
  if (!syntax) return undefined;
  const at =
    syntax.file && syntax.start !== undefined
      ? syntax.file.getLineAndCharacterOfPosition(syntax.start)
      : { line: 0, character: 0 };
  return {
    message: `TypeScript syntax error: ${ts.flattenDiagnosticMessageText(syntax.messageText, ' ')}`,
    line: at.line + 1,
    column: at.character + 1,
  };
}
