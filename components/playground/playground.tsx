'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConversationPane } from '../chat/conversation-pane';
import { FilesDrawer } from '../files/files-drawer';
import { InspectorPane } from '../inspector/inspector-pane';
import { GetCodeDialog } from '../session/get-code-dialog';
import { SessionsMenu } from '../session/sessions-menu';
import { ShareMenu } from '../session/share-menu';
import { SharedBanner } from '../session/shared-banner';
import { TabConflictBanner } from '../session/tab-conflict-banner';
import { SessionFileMenu } from '../session/session-file-menu';
import { SandboxStatusLine } from '../sandbox/sandbox-status-line';
import { TimelinePane } from '../timeline/timeline-pane';
import { ToolsPane } from '../tools/tools-pane';
import { createPlaygroundRuntime } from './create-playground-runtime';
import { RuntimeContext } from './runtime-context';

/** The four-pane playground: Tools | Conversation | Timeline | Inspector. */
export function Playground() {
  const [runtime] = useState(createPlaygroundRuntime);
  const [queryClient] = useState(() => new QueryClient());

  useEffect(() => {
    // The saved session comes back first; then the sandbox (in the browser) starts with its files.
    runtime.restoreSession().catch(() => undefined);
  }, [runtime]);
  // Page listeners (save on hide, links pasted into the address bar, other tabs), removed on unmount.
  useEffect(() => runtime.attach(window), [runtime]);

  return (
    <QueryClientProvider client={queryClient}>
      <RuntimeContext.Provider value={runtime}>
        <div className="flex h-screen flex-col gap-2 p-2">
          <header className="flex flex-wrap items-center gap-x-3 gap-y-1 px-1">
            <h1 className="text-base font-semibold">Tool Playground</h1>
            <SessionsMenu />
            <ShareMenu />
            <GetCodeDialog />
            <SessionFileMenu />
            <div className="ml-auto">
              <SandboxStatusLine />
            </div>
          </header>
          <SharedBanner />
          <TabConflictBanner />
          <main className="grid min-h-0 flex-1 gap-2 [grid-template-columns:minmax(300px,1.3fr)_minmax(300px,1.2fr)_minmax(360px,2fr)_minmax(220px,0.9fr)]">
            <ToolsPane />
            <ConversationPane />
            <div className="flex min-h-0 min-w-0 flex-col gap-2 [&>section]:flex-1">
              <TimelinePane />
              <FilesDrawer />
            </div>
            <InspectorPane />
          </main>
        </div>
      </RuntimeContext.Provider>
    </QueryClientProvider>
  );
}
