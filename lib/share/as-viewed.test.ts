import { describe, expect, it } from 'vitest';
import { createSessionStore } from '../session/session-store';
import { pickSessionData } from '../session/session-file';
import { asViewed } from './as-viewed';
import { makeShareLink, readShareFragment } from './share-link';

const user = (id: string, text: string) => ({ id, role: 'user' as const, parts: [{ type: 'text' as const, text }] });

describe('a link opens where its author was', () => {
  const store = createSessionStore();
  store.setState({
    messages: [user('u2', 'the replay')],
    activeBranch: { id: 'branch-2', label: 'Branch 2' },
    branches: [{ id: 'branch-1', label: 'Branch 1', messages: [user('u1', 'the original')] }],
  });
  const session = pickSessionData(store.getState());

  it("makes the selected node's branch the active one, and keeps the node", () => {
    const viewed = asViewed(session, 'branch-1/u1');
    expect(viewed.activeBranch).toEqual({ id: 'branch-1', label: 'Branch 1' });
    expect(viewed.messages.map((message) => message.id)).toEqual(['u1']);
    expect(viewed.branches).toEqual([{ id: 'branch-2', label: 'Branch 2', messages: session.messages }]);
    expect(viewed.viewedNodeId).toBe('u1');
    // A node of the active lane: the same branch, the node kept; nothing selected: the session as it is.
    expect(asViewed(session, 'u2')).toMatchObject({ activeBranch: { id: 'branch-2' }, viewedNodeId: 'u2' });
    expect(asViewed(session, undefined)).toBe(session);
  });

  it('through a link: the viewer opens on that branch with that node selected', async () => {
    const link = makeShareLink(asViewed(session, 'branch-1/u1'), 'http://localhost/');
    if (!link.ok) throw new Error(link.message);
    const read = await readShareFragment(link.url.slice(link.url.indexOf('#')));
    if (!read.ok) throw new Error(read.message);
    const viewer = createSessionStore();
    viewer.getState().loadSession(read.session, { trusted: false, readOnly: true });
    expect(viewer.getState().activeBranch.id).toBe('branch-1');
    expect(viewer.getState().selectedNodeId).toBe('u1');
    // Saved again (Fork to edit), the session does not carry the viewer's selection.
    expect(pickSessionData(viewer.getState()).viewedNodeId).toBeUndefined();
  });
});
