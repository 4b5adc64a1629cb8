const STOPWORDS = new Set(
  'a an and are as at be by can could do does for from give i in is it its me my of on or please the then this to us we what with you your all any some'.split(
    ' ',
  ),
);

/** Words a person might use for what a tool name says; maps each to the name's word. */
const SYNONYMS: Record<string, string> = {
  show: 'read',
  display: 'read',
  view: 'read',
  open: 'read',
  cat: 'read',
  print: 'read',
  content: 'read',
  contents: 'read',
  look: 'read',
  see: 'read',
  ls: 'list',
  directory: 'list',
  directories: 'list',
  folder: 'list',
  tree: 'list',
  run: 'bash',
  execute: 'bash',
  exec: 'bash',
  shell: 'bash',
  command: 'bash',
  terminal: 'bash',
  script: 'bash',
  create: 'write',
  save: 'write',
  make: 'write',
  store: 'write',
  put: 'write',
  find: 'search',
  grep: 'search',
  lookup: 'search',
  modify: 'edit',
  change: 'edit',
  replace: 'edit',
  update: 'edit',
  compute: 'calculate',
  calculate: 'calculator',
  math: 'calculator',
  temperature: 'weather',
  forecast: 'weather',
};

function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Lower-cased, stemmed content words of `text`; splits snake_case, kebab-case and camelCase. */
export function tokenize(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0 && !STOPWORDS.has(word))
    .map(stem);
}

/** The words of a user's message, each followed by the tool-name word it stands for, in order. */
export function tokenizeWithSynonyms(text: string): string[] {
  const raw = text.toLowerCase().split(/[^a-z0-9]+/);
  const words = raw.flatMap((word) => [...tokenize(word), ...(SYNONYMS[word] ? [SYNONYMS[word]] : [])]);
  return [...new Set(words)];
}
