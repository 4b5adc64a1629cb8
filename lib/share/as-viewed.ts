import type { SessionData } from '../session/session-schema';

/**
 * The session as its author last looked at it, for a link: the branch of the node they selected
 * becomes the active one (a node of another lane is `<branch id>/<node id>` on the graph), and the
 * node is kept as `viewedNodeId`, so the link opens where they were — on the branch they sampled,
 * not on whichever replay happened to be active.
 */
export function asViewed(session: SessionData, selectedNodeId: string | undefined): SessionData {
  if (!selectedNodeId) return session;
  const branch = session.branches.find((each) => selectedNodeId.startsWith(`${each.id}/`));
  if (!branch) return { ...session, viewedNodeId: selectedNodeId };
  return {
    ...session,
    activeBranch: { id: branch.id, label: branch.label },
    messages: branch.messages,
    branches: session.branches.map((each) =>
      each.id === branch.id ? { ...session.activeBranch, messages: session.messages } : each,
    ),
    viewedNodeId: selectedNodeId.slice(branch.id.length + 1),
  };
}
