import { canonicalJson } from '../../shapes/canonical-json';

/*
 * What a provider package changed in a tool's schema, keyword by keyword: the schema as drafted
 * beside the schema as the package sent it ("`minimum` dropped at days", "optional `unit` →
 * required", "`$ref` inlined at where").
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const show = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/** One difference: a sentence, and where (a path inside the input schema). */
export type SchemaDifference = { message: string; path: (string | number)[] };

const place = (path: (string | number)[]) => {
  const shown = path.filter((key) => key !== 'properties').join('.');
  return shown ? ` at ${shown}` : '';
};

function requiredDifferences(drafted: Json, sent: Json, path: (string | number)[]): SchemaDifference[] {
  const before = new Set(Array.isArray(drafted.required) ? drafted.required.map(String) : []);
  const after = new Set(Array.isArray(sent.required) ? sent.required.map(String) : []);
  return [
    ...[...after]
      .filter((name) => !before.has(name))
      .map((name) => ({ message: `optional \`${name}\` → required${place(path)}`, path: [...path, 'required'] })),
    ...[...before]
      .filter((name) => !after.has(name))
      .map((name) => ({ message: `required \`${name}\` → optional${place(path)}`, path: [...path, 'required'] })),
  ];
}

/** The differences between the drafted schema and the sent one, outermost first. */
export function schemaDifferences(
  drafted: unknown,
  sent: unknown,
  path: (string | number)[] = [],
  depth = 0,
): SchemaDifference[] {
  if (canonicalJson(drafted) === canonicalJson(sent)) return [];
  if (depth > 64) return [{ message: `changed${place(path)}`, path }];
  if (Array.isArray(drafted) && Array.isArray(sent) && drafted.length === sent.length)
    return drafted.flatMap((item, index) => schemaDifferences(item, sent[index], [...path, index], depth + 1));
  if (!isObject(drafted) || !isObject(sent))
    return [{ message: `${show(drafted)} → ${show(sent)}${place(path)}`, path }];
  if (typeof drafted.$ref === 'string' && sent.$ref === undefined)
    return [{ message: `\`$ref\` inlined${place(path)}`, path: [...path, '$ref'] }];
  const differences: SchemaDifference[] = requiredDifferences(drafted, sent, path);
  for (const key of new Set([...Object.keys(drafted), ...Object.keys(sent)])) {
    if (key === 'required') continue;
    const inDrafted = Object.hasOwn(drafted, key);
    const inSent = Object.hasOwn(sent, key);
    if (inDrafted && !inSent) differences.push({ message: `\`${key}\` dropped${place(path)}`, path: [...path, key] });
    else if (!inDrafted && inSent)
      differences.push({ message: `\`${key}: ${show(sent[key])}\` added${place(path)}`, path: [...path, key] });
    else if (key === 'type' && canonicalJson(drafted.type) !== canonicalJson(sent.type))
      differences.push({
        message: `type ${show(drafted.type)} → ${show(sent.type)}${place(path)}`,
        path: [...path, key],
      });
    else differences.push(...schemaDifferences(drafted[key], sent[key], [...path, key], depth + 1));
  }
  return differences;
}
