import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolDefinition } from '@/lib/shapes/tool-formats';
import { importToolList } from '@/lib/tools/formats/import-tool-list';

/** The 2,196 real tool definitions of fixtures/corpus/bfcl-functions.jsonl, imported as the playground imports them (BFCL's dialect read). */
export function readBfclDefinitions(): ToolDefinition[] {
  return readFileSync(join(import.meta.dirname, '..', 'fixtures', 'corpus', 'bfcl-functions.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const imported = importToolList(line);
      if (!imported.ok) throw new Error(imported.message);
      return imported.tools[0].definition;
    });
}
