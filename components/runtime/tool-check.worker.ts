/// <reference lib="webworker" />
import { serveWorkerCalls } from '@/lib/platform/worker-calls';
import { checkToolSource } from '@/lib/tools/check-tool-source';
import { createSchemaChecker, type SchemaChecker } from '@/lib/tools/create-schema-checker';
import type { SourceCheck } from '@/lib/tools/tool-check';

// The tool-check worker: checks definitions' texts with Ajv (its meta-schemas compile here,
// off the page's thread) until the page's own checker has loaded.
let checker: SchemaChecker | undefined;

serveWorkerCalls<string[], SourceCheck[]>(self as unknown as DedicatedWorkerGlobalScope, (sources) => {
  checker ??= createSchemaChecker();
  const own = checker;
  return sources.map((source) => checkToolSource(source, own));
});
