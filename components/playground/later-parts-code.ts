// The code of the first screen's later parts (components/playground/later-parts.tsx), in one
// module: asked for at one moment, they arrive as one chunk group. As one dynamic import each,
// Turbopack put the modules they share (Radix's dialog, menu and popover, TanStack Query) into
// every part's own chunks — 150 KB of the 1 MB before the engine was ready, in 30 requests.
// The parts that fetch get the page's TanStack Query client here (`withQueryClient`).
import { GetCodeDialog as GetCodeDialogAlone } from '../session/get-code-dialog';
import { ShareMenu as ShareMenuAlone } from '../session/share-menu';
import { withQueryClient } from '../shared/with-query-client';
import { ToolsPane as ToolsPaneAlone } from '../tools/tools-pane';

export { FilesPanel } from '../files/files-panel';
export { SandboxStatusLine } from '../sandbox/sandbox-status-line';
export { SessionMenu } from '../session/session-menu';
export { ShortcutsDialog } from '../shared/shortcuts-dialog';

export const GetCodeDialog = withQueryClient(GetCodeDialogAlone);
export const ShareMenu = withQueryClient(ShareMenuAlone);
export const ToolsPane = withQueryClient(ToolsPaneAlone);
