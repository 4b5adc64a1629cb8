import 'server-only';
import { createSchemaChecker, type SchemaChecker } from '../tools/create-schema-checker';
import { processShared } from './server-process';

/**
 * One schema checker for every request of the server: making one costs ~1 ms (four Ajv
 * instances), and it keeps a bounded cache of compiled schemas that later requests reuse.
 */
export const sharedSchemaChecker = (): SchemaChecker => processShared('schema-checker', '', createSchemaChecker);
