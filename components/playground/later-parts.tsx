'use client';

import { hydrateLater } from '../ui/hydrate-later';

// The parts of the first screen that typing a message and pressing Send do not need: drawn by
// the server, hydrated after the message box (components/ui/hydrate-later.tsx). Their code is
// one module (`later-parts-code.ts`): one chunk group, no module loaded twice.
const code = () => import('./later-parts-code');

export const ToolsPane = hydrateLater(() => code().then((module) => module.ToolsPane));
export const FilesPanel = hydrateLater(() => code().then((module) => module.FilesPanel));
export const SessionMenu = hydrateLater(() => code().then((module) => module.SessionMenu));
export const ShareMenu = hydrateLater(() => code().then((module) => module.ShareMenu));
export const GetCodeDialog = hydrateLater(() => code().then((module) => module.GetCodeDialog));
export const ShortcutsDialog = hydrateLater(() => code().then((module) => module.ShortcutsDialog));
export const SandboxStatusLine = hydrateLater(() => code().then((module) => module.SandboxStatusLine));
