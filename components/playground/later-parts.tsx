'use client';

import { hydrateLater } from '../ui/hydrate-later';

// The parts of the first screen that typing a message and pressing Send do not need: drawn by
// the server, hydrated after the message box (components/ui/hydrate-later.tsx).
export const ToolsPane = hydrateLater(() => import('../tools/tools-pane').then((module) => module.ToolsPane));
export const FilesPanel = hydrateLater(() => import('../files/files-panel').then((module) => module.FilesPanel));
export const SessionMenu = hydrateLater(() => import('../session/session-menu').then((module) => module.SessionMenu));
export const ShareMenu = hydrateLater(() => import('../session/share-menu').then((module) => module.ShareMenu));
export const GetCodeDialog = hydrateLater(() =>
  import('../session/get-code-dialog').then((module) => module.GetCodeDialog),
);
export const ShortcutsDialog = hydrateLater(() =>
  import('../shared/shortcuts-dialog').then((module) => module.ShortcutsDialog),
);
export const SandboxStatusLine = hydrateLater(() =>
  import('../sandbox/sandbox-status-line').then((module) => module.SandboxStatusLine),
);
