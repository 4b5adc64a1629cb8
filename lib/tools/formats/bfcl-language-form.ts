import { bfclCategoryOf } from '../../shapes/bfcl-category';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const HINTS = {
  python: ' Note that the provided function is in Python 3 syntax.',
  java: ' Note that the provided function is in Java 8 SDK syntax.',
  javascript: ' Note that the provided function is in JavaScript syntax.',
} as const;
const NAMES = { java: 'Java', javascript: 'JavaScript' } as const;

/**
 * A BFCL question line's function docs as BFCL sends them to a model (`bfcl_eval/utils.py`,
 * `_func_doc_language_specific_pre_processing`): the language's note on each description, and
 * for Java and JavaScript every parameter a string holding the language's syntax, its type said
 * in its description. Unknown and refused categories keep their docs as they are.
 */
export function bfclLanguageForm(line: Json): { docs: unknown[]; note?: string } {
  const docs = Array.isArray(line.function) ? line.function : [];
  const category = typeof line.id === 'string' ? bfclCategoryOf(line.id) : undefined;
  if (category?.handling.kind === 'refused' || category === undefined) return { docs };
  const language = category.handling.kind === 'graded' ? category.handling.language : 'python';
  const form = docs.map((doc) => {
    if (!isObject(doc)) return doc;
    const copy = structuredClone(doc);
    copy.description = `${typeof copy.description === 'string' ? copy.description : ''}${HINTS[language]}`;
    if (language === 'python' || !isObject(copy.parameters) || !isObject(copy.parameters.properties)) return copy;
    for (const value of Object.values(copy.parameters.properties)) {
      if (!isObject(value)) continue;
      const type = String(value.type);
      const said = typeof value.description === 'string' ? value.description : '';
      let description =
        type === 'any'
          ? `${said} This parameter can be of any type of ${NAMES[language]} object in string representation.`
          : `${said} This is ${NAMES[language]} ${type} type parameter in string representation.`;
      const listTypes = language === 'java' ? ['ArrayList', 'Array'] : ['array'];
      if (listTypes.includes(type) && isObject(value.items)) {
        description += ` The list elements are of type ${String(value.items.type)}; they are not in string representation.`;
        delete value.items;
      }
      if (language === 'javascript' && type === 'dict' && 'properties' in value) {
        description += ` The dictionary entries have the following schema; they are not in string representation. ${pythonJsonDumps(value.properties)}`;
        delete value.properties;
      }
      value.description = description;
      value.type = 'string';
    }
    return copy;
  });
  return {
    docs: form,
    note:
      language === 'python'
        ? undefined
        : `As BFCL sends ${category.name}: every parameter is a string holding ${NAMES[language]} syntax, its ${NAMES[language]} type said in its description.`,
  };
}

/** Python's `json.dumps` (", " and ": " between items, non-ASCII escaped), as BFCL writes a schema into a description. */
function pythonJsonDumps(value: unknown): string {
  const quote = (text: string) =>
    JSON.stringify(text).replace(
      /[\u007f-\uffff]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  if (isObject(value))
    return `{${Object.entries(value)
      .map(([key, item]) => `${quote(key)}: ${pythonJsonDumps(item)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
}
