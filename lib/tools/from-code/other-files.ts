/*
 * The other files a paste imports from, added beside it in `Tool from code` (a server's code is
 * rarely one file): by path, as the person added them — a folder's relative paths, or bare file
 * names. Only what a tool's definition needs is taken from them, and it runs only in the sandbox.
 */

/** Files by path (`resources/templates.js`, or `templates.js`), the paste not among them. */
export type OtherFiles = Readonly<Record<string, string>>;

/** Most files one reading takes, the largest one and all of them together (characters): a server's code, not a repository. */
export const OTHER_FILES_LIMITS = { files: 200, chars: 500_000, totalChars: 5_000_000 } as const;

/** The path of the paste itself among the files (its imports resolve from the top). */
export const PASTE_PATH = '<paste>';

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx'];
const withoutExtension = (path: string) => path.replace(/\.(?:[cm]?[jt]s|[jt]sx)$/, '');
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** `a/b/../c/./d` → `a/c/d` (`..` past the top is dropped: the files have no outside). */
function normalize(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}

/**
 * The added file a relative import names, or undefined (a package, or a file not added). Tried in
 * order: the path from the importing file (with or without its extension — compiled JavaScript
 * imports `./x.js` where the source is `x.ts` — or as a folder's `index`), then the only added file
 * with that name, wherever it is (a file added without its folder).
 */
export function resolveOtherFile(specifier: string, fromPath: string, files: OtherFiles): string | undefined {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const folder = fromPath === PASTE_PATH || !fromPath.includes('/') ? '' : fromPath.slice(0, fromPath.lastIndexOf('/'));
  const target = withoutExtension(normalize(`${folder}/${specifier}`));
  for (const candidate of [target, `${target}/index`])
    for (const extension of EXTENSIONS)
      if (Object.hasOwn(files, `${candidate}${extension}`)) return `${candidate}${extension}`;
  // The paste's own folder is not known: a file added with its folder (`my-server/src/x.ts`) ends with the path.
  if (fromPath === PASTE_PATH) {
    const ending = Object.keys(files).filter((path) => withoutExtension(path).endsWith(`/${target}`));
    if (ending.length === 1) return ending[0];
  }
  const named = Object.keys(files).filter(
    (path) => withoutExtension(baseName(path)) === withoutExtension(baseName(target)),
  );
  return named.length === 1 ? named[0] : undefined;
}

/** Whether a file's name says it is code the reader takes (TypeScript or JavaScript). */
export const isCodeFile = (path: string) => /\.(?:[cm]?[jt]s|[jt]sx)$/.test(path) && !/\.d\.[cm]?ts$/.test(path);

/** Why the added files cannot be read together, or undefined when they can. */
export function otherFilesProblem(files: OtherFiles): string | undefined {
  const paths = Object.keys(files);
  if (paths.length > OTHER_FILES_LIMITS.files)
    return `At most ${OTHER_FILES_LIMITS.files} other files can be read with the code (${paths.length} were added).`;
  const large = paths.find((path) => files[path].length > OTHER_FILES_LIMITS.chars);
  if (large) return `The file ${large} is too large to read (${files[large].length} characters).`;
  const total = paths.reduce((sum, path) => sum + files[path].length, 0);
  return total > OTHER_FILES_LIMITS.totalChars
    ? `The other files are too large to read together (${total} characters; at most ${OTHER_FILES_LIMITS.totalChars}).`
    : undefined;
}
