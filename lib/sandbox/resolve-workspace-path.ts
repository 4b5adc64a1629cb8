/** The outcome of resolving a tool's path argument inside the workspace. */
export type ResolvedPath = { ok: true; path: string } | { ok: false; message: string };

/**
 * Resolves `input` (absolute or relative to `root`) to a normalized absolute path, refusing
 * anything that would leave `root` — `../` tricks included.
 */
export function resolveWorkspacePath(root: string, input: string): ResolvedPath {
  const joined = input.startsWith('/') ? input : `${root}/${input}`;
  const parts: string[] = [];
  for (const part of joined.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return outside(input, root);
      parts.pop();
      continue;
    }
    parts.push(part);
  }
  const path = `/${parts.join('/')}`;
  if (path !== root && !path.startsWith(`${root}/`)) return outside(input, root);
  return { ok: true, path };
}

function outside(input: string, root: string): ResolvedPath {
  return { ok: false, message: `Path "${input}" is outside the workspace (${root}).` };
}
