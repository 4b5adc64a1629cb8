import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Language, Parser } from 'web-tree-sitter';
import type { PySyntaxNode } from '@/lib/tools/from-code/python-syntax';

const MODULES = join(import.meta.dirname, '..', 'node_modules');

/** A tree-sitter-python parser in Node, from the same wasm files the page loads. */
export async function createPythonParser(): Promise<(code: string) => PySyntaxNode> {
  await Parser.init({ wasmBinary: readFileSync(join(MODULES, 'web-tree-sitter', 'web-tree-sitter.wasm')) });
  const language = await Language.load(readFileSync(join(MODULES, 'tree-sitter-python', 'tree-sitter-python.wasm')));
  const parser = new Parser();
  parser.setLanguage(language);
  return (code) => {
    const tree = parser.parse(code);
    if (!tree) throw new Error('tree-sitter returned no tree');
    return tree.rootNode;
  };
}
