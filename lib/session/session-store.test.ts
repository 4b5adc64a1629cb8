import { describe, expect, it } from 'vitest';
import { readToolName } from '../shapes/tool-source';
import { TOOL_TEMPLATES } from '../tools/tool-templates';
import { createSessionStore } from './session-store';

const names = (store: ReturnType<typeof createSessionStore>) =>
  store.getState().tools.map((tool) => readToolName(tool.source));

describe('tool list actions', () => {
  it('adds templates with unique names and selects the first added', () => {
    const store = createSessionStore();
    const bash = TOOL_TEMPLATES.find((template) => template.id === 'bash')!;
    const weather = TOOL_TEMPLATES.find((template) => template.id === 'get_weather')!;
    store.getState().addTools([bash, weather]);
    expect(names(store)).toEqual([
      'bash',
      'read_file',
      'write_file',
      'edit_file',
      'search',
      'list_files',
      'think',
      'submit',
      'bash_2',
      'get_weather',
    ]);
    expect(store.getState().selectedToolId).toBe(store.getState().tools[8].id);
    expect(store.getState().tools[9].run).toEqual(weather.run);
  });

  it('duplicates next to the original, renames in place, moves, deletes and undoes the delete', () => {
    const store = createSessionStore();
    const [bash] = store.getState().tools;
    store.getState().duplicateTool(bash.id);
    expect(names(store)).toEqual([
      'bash',
      'bash_copy',
      'read_file',
      'write_file',
      'edit_file',
      'search',
      'list_files',
      'think',
      'submit',
    ]);
    const copy = store.getState().tools[1];
    store.getState().renameTool(copy.id, 'shell');
    expect(store.getState().tools[1].source).toContain('"name": "shell"');
    expect(store.getState().tools[1].source).toContain('"description": "Execute a shell command');
    store.getState().moveTool(copy.id, 1);
    expect(names(store)).toEqual([
      'bash',
      'read_file',
      'shell',
      'write_file',
      'edit_file',
      'search',
      'list_files',
      'think',
      'submit',
    ]);
    store.getState().deleteTool(copy.id);
    expect(names(store)).toEqual([
      'bash',
      'read_file',
      'write_file',
      'edit_file',
      'search',
      'list_files',
      'think',
      'submit',
    ]);
    store.getState().undoDeleteTool();
    expect(names(store)).toEqual([
      'bash',
      'read_file',
      'shell',
      'write_file',
      'edit_file',
      'search',
      'list_files',
      'think',
      'submit',
    ]);
    expect(store.getState().selectedToolId).toBe(copy.id);
  });

  it('keeps a broken definition when renaming is impossible', () => {
    const store = createSessionStore();
    const [bash] = store.getState().tools;
    store.getState().updateToolSource(bash.id, 'not json');
    store.getState().renameTool(bash.id, 'x');
    expect(store.getState().tools[0].source).toBe('not json');
  });
});

describe('a shared session', () => {
  it('is read-only in the store itself until "Fork to edit": edits are refused, viewing works', () => {
    const store = createSessionStore();
    const shared = { ...store.getState(), messages: [] };
    store.getState().loadSession(shared, { trusted: false, readOnly: true });
    const before = JSON.stringify({
      tools: store.getState().tools,
      settings: store.getState().settings,
      files: store.getState().files,
      approvals: store.getState().approvals,
    });
    const [first] = store.getState().tools;
    const actions = store.getState();
    actions.updateToolSource(first.id, '{}');
    actions.setToolEnabled(first.id, false);
    actions.setToolRun(first.id, { kind: 'manual' });
    actions.addTools([TOOL_TEMPLATES[0]]);
    actions.duplicateTool(first.id);
    actions.renameTool(first.id, 'renamed');
    actions.deleteTool(first.id);
    actions.moveTool(first.id, 1);
    actions.updateSettings({ provider: 'openai', model: 'gpt-4o', baseURL: 'http://127.0.0.1:1/v1' });
    actions.setSandboxChoice('webcontainer');
    actions.recordApproval('c1', 'approved');
    actions.trustHandlers();
    actions.setApproval('ask-every-call');
    actions.startBranch([]);
    expect(
      JSON.stringify({
        tools: store.getState().tools,
        settings: store.getState().settings,
        files: store.getState().files,
        approvals: store.getState().approvals,
      }),
    ).toBe(before);
    expect(store.getState().handlersTrusted).toBe(false);
    expect(store.getState().branches).toEqual([]);
    // Viewing still works.
    actions.selectTool(store.getState().tools[1].id);
    expect(store.getState().selectedToolId).toBe(store.getState().tools[1].id);
    actions.setReplayFrame(2);
    expect(store.getState().replayFrame).toBe(2);
    // Fork to edit: now it is the person's own.
    actions.leaveReadOnly();
    actions.updateSettings({ maxSteps: 9 });
    expect(store.getState().settings.maxSteps).toBe(9);
  });
});

describe('MCP servers in the session', () => {
  const server = {
    url: 'http://127.0.0.1:3001/mcp',
    name: 'files',
    version: '1',
    capabilities: ['tools'],
    transport: 'streamable-http' as const,
  };
  const tool = { name: 'read', description: 'Reads.', inputSchema: { type: 'object' } };

  it('connecting the same URL again keeps its id; its tools cannot be edited; removing takes them out', () => {
    const store = createSessionStore();
    const before = store.getState().tools.length;
    const connected = store.getState().connectMcpServer(server, [tool]);
    if (!connected.ok) throw new Error(connected.message);
    const { id } = connected;
    expect(store.getState().connectMcpServer({ ...server, version: '2' }, [tool])).toEqual({ ok: true, id });
    expect(store.getState().mcpServers).toEqual([{ ...server, version: '2', id }]);
    const added = store.getState().tools.at(-1)!;
    expect(added.run).toMatchObject({ kind: 'mcp', server: id, tool: 'read' });
    store.getState().updateToolSource(added.id, '{"name":"changed"}');
    expect(store.getState().tools.at(-1)?.source).toBe(added.source);
    store.getState().removeMcpServer(id);
    expect(store.getState().mcpServers).toEqual([]);
    expect(store.getState().tools).toHaveLength(before);
  });
});

describe('branches added beside the active one (Compare)', () => {
  const conversation = (text: string) => [
    { id: `u-${text}`, role: 'user' as const, parts: [{ type: 'text' as const, text }] },
  ];

  it('an empty active branch gives way to the first; otherwise all are added and the active stays', () => {
    const store = createSessionStore();
    store.getState().addBranches([
      { label: 'Compare: A', messages: conversation('a') },
      { label: 'Compare: B', messages: conversation('b') },
    ]);
    expect(store.getState().activeBranch.label).toBe('Compare: A');
    expect(store.getState().messages).toEqual(conversation('a'));
    expect(store.getState().branches.map((branch) => branch.label)).toEqual(['Compare: B']);
    store.getState().addBranches([{ label: 'Compare: C', messages: conversation('c') }]);
    expect(store.getState().activeBranch.label).toBe('Compare: A');
    expect(store.getState().branches.map((branch) => branch.label)).toEqual(['Compare: B', 'Compare: C']);
  });
});
