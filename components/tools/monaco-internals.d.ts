// The two parts of Monaco's TypeScript worker that the playground's own worker entry builds on
// (monaco-editor ships them as JavaScript without declarations).
declare module 'monaco-editor/internal/common/initialize' {
  export function initialize(factory: (ctx: unknown, createData: unknown) => unknown): void;
}
declare module 'monaco-editor/languages/features/typescript/tsWorker' {
  export class TypeScriptWorker {
    constructor(ctx: unknown, createData: unknown);
    _getModel(fileName: string): unknown;
    _getScriptText(fileName: string): string | undefined;
  }
}
