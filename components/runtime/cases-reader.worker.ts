/// <reference lib="webworker" />
import { type CasesFileRead, readCasesFile } from '@/lib/evals/read-cases-file';
import { serveWorkerCalls } from '@/lib/platform/worker-calls';

// The cases reader: a file given to Import cases… is parsed here, off the page's thread — a few
// megabytes of promptfoo YAML take seconds to parse.
serveWorkerCalls<string, CasesFileRead>(self as unknown as DedicatedWorkerGlobalScope, readCasesFile);
