// The code of the first screen's later parts (components/playground/later-parts.tsx), in one
// module: asked for at one moment, they arrive as one chunk group. As one dynamic import each,
// Turbopack put the modules they share (Radix's dialog, menu and popover, TanStack Query) into
// every part's own chunks — 150 KB of the 1 MB before the engine was ready, in 30 requests.
export { FilesPanel } from '../files/files-panel';
export { SandboxStatusLine } from '../sandbox/sandbox-status-line';
export { GetCodeDialog } from '../session/get-code-dialog';
export { SessionMenu } from '../session/session-menu';
export { ShareMenu } from '../session/share-menu';
export { ShortcutsDialog } from '../shared/shortcuts-dialog';
export { ToolsPane } from '../tools/tools-pane';
