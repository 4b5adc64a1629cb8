import type { PySyntaxNode } from '@/lib/tools/from-code/python-syntax';

/*
 * The libraries `Tool from code` reads with — the TypeScript compiler, tree-sitter with its Python
 * grammar, the zod bundle for the handler sandbox — each downloaded the first time its language is
 * read, and once for the page (a failed load is tried again on the next use).
 */

let typescript: Promise<typeof import('typescript')> | undefined;
let python: Promise<(code: string) => PySyntaxNode> | undefined;
let zodBundle: Promise<string> | undefined;

export const loadTypeScript = () => {
  typescript ??= import('typescript').then((module) => (module.default ?? module) as typeof import('typescript'));
  typescript.catch(() => {
    typescript = undefined;
  });
  return typescript;
};

export const loadPython = () => {
  python ??= import('web-tree-sitter').then(async ({ Parser, Language }) => {
    await Parser.init({ locateFile: () => '/vendor/web-tree-sitter.wasm' });
    const parser = new Parser();
    parser.setLanguage(await Language.load('/vendor/tree-sitter-python.wasm'));
    return (code: string) => {
      const tree = parser.parse(code);
      if (!tree) throw new Error('The Python parser returned no tree.');
      return tree.rootNode;
    };
  });
  python.catch(() => {
    python = undefined;
  });
  return python;
};

export const loadZodBundle = () => {
  zodBundle ??= fetch('/vendor/zod-sandbox.js').then((response) => {
    if (!response.ok) throw new Error(`zod for the sandbox did not load (HTTP ${response.status}).`);
    return response.text();
  });
  zodBundle.catch(() => {
    zodBundle = undefined;
  });
  return zodBundle;
};
