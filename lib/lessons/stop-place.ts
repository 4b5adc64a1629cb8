/**
 * Where a new lesson stop is: a node of the active lane is on the active branch; a node of
 * another lane (the timeline gives those `<branch id>/<node id>`) is on that branch, by its own id.
 */
export function stopPlace(
  selectedNodeId: string,
  activeBranchId: string,
  branchIds: readonly string[],
): { nodeId: string; branch: string } {
  const branch = branchIds.find((id) => selectedNodeId.startsWith(`${id}/`));
  return branch
    ? { nodeId: selectedNodeId.slice(branch.length + 1), branch }
    : { nodeId: selectedNodeId, branch: activeBranchId };
}

/** The timeline node id of a stop, seen from the active branch (another branch's nodes carry its id). */
export function stopNodeId(stop: { nodeId: string; branch?: string }, activeBranchId: string): string {
  return stop.branch === undefined || stop.branch === activeBranchId ? stop.nodeId : `${stop.branch}/${stop.nodeId}`;
}
