import 'server-only';
import { createInitialSession } from '../session/initial-session';
import { checkToolSource } from '../tools/check-tool-source';
import type { CheckedSource } from '../tools/create-tool-checks';
import { processShared } from './server-process';
import { sharedSchemaChecker } from './shared-schema-checker';

/**
 * The new session's tools, checked once per server process by the same checker the page and the
 * tool-check worker use, and sent with the page: a first visit's tools are checked as it is drawn,
 * not after a worker has loaded Ajv (docs/decisions/first-load.md). Any other text is checked in
 * the browser as before.
 */
export function initialToolChecks(): CheckedSource[] {
  return processShared('initial-tool-checks', '', () =>
    createInitialSession().tools.map(({ source }) => [source, checkToolSource(source, sharedSchemaChecker())] as const),
  );
}
