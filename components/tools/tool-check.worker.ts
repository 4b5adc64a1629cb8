/// <reference lib="webworker" />
import { checkToolSource } from '@/lib/tools/check-tool-source';
import { createSchemaChecker, type SchemaChecker } from '@/lib/tools/create-schema-checker';
import type { ToolCheckAnswer, ToolCheckRequest } from '@/lib/tools/tool-check-job';

// The tool-check worker: checks definitions' texts with Ajv (its meta-schemas compile here,
// off the page's thread) until the page's own checker has loaded.
let checker: SchemaChecker | undefined;

const answer = (message: ToolCheckAnswer) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);

self.onmessage = (event: MessageEvent<ToolCheckRequest>) => {
  const { id, sources } = event.data;
  try {
    checker ??= createSchemaChecker();
    const own = checker;
    answer({ id, kind: 'checked', checks: sources.map((source) => checkToolSource(source, own)) });
  } catch (error) {
    answer({ id, kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
