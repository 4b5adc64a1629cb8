import type { SandboxFiles } from '../shapes/sandbox-status';

/** One row of the Files pane: a directory or a file, indented by depth. */
export type FileTreeRow = { path: string; name: string; depth: number; kind: 'file' | 'directory'; sizeBytes: number };

/**
 * The rows of a file tree in display order: each directory (inferred from the paths) before
 * its contents, directories before files at each level, names sorted.
 */
export function buildFileTree(files: SandboxFiles): FileTreeRow[] {
  type Directory = { directories: Map<string, Directory>; files: Map<string, string> };
  const root: Directory = { directories: new Map(), files: new Map() };
  for (const [path, content] of Object.entries(files)) {
    const parts = path.split('/');
    let directory = root;
    for (const part of parts.slice(0, -1)) {
      const child = directory.directories.get(part) ?? { directories: new Map(), files: new Map() };
      directory.directories.set(part, child);
      directory = child;
    }
    directory.files.set(parts.at(-1)!, content);
  }
  const rows: FileTreeRow[] = [];
  const walk = (directory: Directory, prefix: string, depth: number) => {
    for (const name of [...directory.directories.keys()].sort()) {
      const path = `${prefix}${name}`;
      rows.push({ path, name, depth, kind: 'directory', sizeBytes: 0 });
      walk(directory.directories.get(name)!, `${path}/`, depth + 1);
    }
    for (const name of [...directory.files.keys()].sort()) {
      rows.push({
        path: `${prefix}${name}`,
        name,
        depth,
        kind: 'file',
        sizeBytes: new TextEncoder().encode(directory.files.get(name)!).length,
      });
    }
  };
  walk(root, '', 0);
  return rows;
}
