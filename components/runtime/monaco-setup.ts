import { loader } from '@monaco-editor/react';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import * as monaco from 'monaco-editor';
import { describeJsonSchemaKeywords } from '@/lib/tools/describe-json-schema-keywords';
import { JSON_SCHEMA_DRAFT_07_URI, TOOL_DEFINITION_JSON_SCHEMA } from '@/lib/tools/tool-definition-json-schema';

/** Model paths the tool-definition schema applies to. */
export const toolModelPath = (toolId: string) => `tools/${toolId}.json`;

// Monaco is self-hosted: its workers come from this app's bundle, never from a CDN.
self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    if (label === 'json') {
      return new Worker(new URL('monaco-editor/language/json/json.worker', import.meta.url), { type: 'module' });
    }
    if (label === 'typescript' || label === 'javascript') {
      // Monaco's own, bounded: code nested too deep for its parser is read as empty (see the worker).
      return new Worker(new URL('./bounded-ts.worker.ts', import.meta.url), { type: 'module' });
    }
    return new Worker(new URL('monaco-editor/editor/editor.worker', import.meta.url), { type: 'module' });
  },
};

loader.config({ monaco });

monaco.json.jsonDefaults.setDiagnosticsOptions({
  validate: true,
  allowComments: false,
  enableSchemaRequest: false,
  schemas: [
    {
      uri: 'inmemory://schemas/tool-definition.json',
      fileMatch: ['tools/*.json'],
      schema: TOOL_DEFINITION_JSON_SCHEMA,
    },
    { uri: JSON_SCHEMA_DRAFT_07_URI, schema: describeJsonSchemaKeywords(draft07) },
  ],
});

// A `Tool from code` paste imports zod and ai, which this editor cannot see: syntax errors only.
monaco.typescript.typescriptDefaults.setDiagnosticsOptions({ noSemanticValidation: true });

// A handler is a function body: a top-level `return` (TS1108) is what it is made of.
monaco.typescript.javascriptDefaults.setDiagnosticsOptions({ diagnosticCodesToIgnore: [1108] });

// Monaco's own themes, with inlay hints (the token X-ray) drawn dark enough to read (WCAG AA
// contrast; Monaco's default grey is too faint). Themes are global in Monaco: every editor uses these.
monaco.editor.defineTheme('playground-light', {
  base: 'vs',
  inherit: true,
  rules: [],
  colors: { 'editorInlayHint.foreground': '#374151', 'editorInlayHint.background': '#e5e7eb' },
});
monaco.editor.defineTheme('playground-dark', {
  base: 'vs-dark',
  inherit: true,
  rules: [],
  colors: { 'editorInlayHint.foreground': '#e5e7eb', 'editorInlayHint.background': '#374151' },
});

/** The editors' theme for the page's colour scheme. */
export const editorTheme = (dark: boolean | undefined) => (dark ? 'playground-dark' : 'playground-light');

/** The options every editor of the playground shares: no minimap, small type, two-space tabs, sized by its box. */
export const EDITOR_OPTIONS = {
  minimap: { enabled: false },
  fontSize: 12,
  tabSize: 2,
  scrollBeyondLastLine: false,
  automaticLayout: true,
  fixedOverflowWidgets: true,
  // Monaco dims the number of the line after a final newline below WCAG AA contrast: drawn as the others.
  renderFinalNewline: 'on',
} as const;

export { monaco };
