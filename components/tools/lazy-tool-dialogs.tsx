'use client';

import dynamic from 'next/dynamic';

// Dialogs whose code loads when they are first opened (drawn only while open), not with the
// first screen (less to load before Send works): the menu item or button that opens them is there from the start.
export const LazyMcpConnectDialog = dynamic(
  () => import('./mcp-connect-dialog').then((module) => module.McpConnectDialog),
  { ssr: false },
);
export const LazyInterceptorsDialog = dynamic(
  () => import('./interceptors-dialog').then((module) => module.InterceptorsDialog),
  { ssr: false },
);
export const LazyMcpCheckDialog = dynamic(() => import('./mcp-check-dialog').then((module) => module.McpCheckDialog), {
  ssr: false,
});
