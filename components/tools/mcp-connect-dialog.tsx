'use client';

import { type ReactElement, useState } from 'react';
import { isStdioServerUrl } from '@/lib/mcp/create-mcp-client';
import { parseHeaderLines } from '@/lib/mcp/parse-header-lines';
import { useRuntime } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';

type Mode = 'http' | 'stdio';

/**
 * "Connect MCP server": the server's URL (Streamable HTTP, or the older HTTP+SSE) and optional
 * headers — or, where the operator allows it, a local command over stdio with the server's
 * start token. Headers and the token stay in this tab's memory: never in the session, a file
 * or a link.
 */
export function McpConnectDialog({
  trigger,
  initialUrl = '',
  open: openFromOutside,
  onOpenChange,
}: {
  /** The button that opens it; none when something else (a menu item) opens it through `open`. */
  trigger?: ReactElement;
  initialUrl?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const { mcp } = useRuntime();
  // A local command is never pre-filled: the session does not hold it, the person types it.
  const stdio = isStdioServerUrl(initialUrl);
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openFromOutside ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const [mode, setMode] = useState<Mode>(stdio ? 'stdio' : 'http');
  const [url, setUrl] = useState(stdio ? '' : initialUrl);
  const [headerText, setHeaderText] = useState('');
  const [command, setCommand] = useState('');
  const [argText, setArgText] = useState('');
  const args = argText.split('\n').filter((line) => line.trim() !== '');
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const connect = async () => {
    let connected: Awaited<ReturnType<typeof mcp.connect>>;
    if (mode === 'http') {
      const headers = parseHeaderLines(headerText);
      if (!headers.ok) return setProblem(headers.message);
      if (!/^https?:\/\/\S+$/.test(url.trim())) return setProblem('Type the server’s http:// or https:// address.');
      setBusy(true);
      setProblem(undefined);
      connected = await mcp.connect(url.trim(), headers.headers);
    } else {
      if (command.trim() === '') return setProblem('Type the command that starts the server (e.g. npx).');
      setBusy(true);
      setProblem(undefined);
      connected = await mcp.connectStdio(command.trim(), args, token.trim());
    }
    setBusy(false);
    if (!connected.ok) return setProblem(connected.message);
    setHeaderText('');
    setToken('');
    setOpen(false);
  };

  return (
    <Dialog
      trigger={trigger}
      open={open}
      onOpenChange={setOpen}
      title="Connect an MCP server"
      description="Its tools join the tool list; the model’s calls go to the server through this playground’s server. Only servers on this machine, or hosts the operator allows (PLAYGROUND_ALLOWED_HOSTS)."
    >
      <form
        className="flex flex-col gap-2 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          void connect();
        }}
      >
        <fieldset className="flex gap-3 text-xs">
          <legend className="sr-only">How to reach the server</legend>
          <label className="flex items-center gap-1">
            <input type="radio" name="mcp-mode" checked={mode === 'http'} onChange={() => setMode('http')} />
            URL (HTTP)
          </label>
          <label className="flex items-center gap-1">
            <input type="radio" name="mcp-mode" checked={mode === 'stdio'} onChange={() => setMode('stdio')} />
            Local command (stdio)
          </label>
        </fieldset>
        {mode === 'http' ? (
          <>
            <label className="flex flex-col gap-1">
              <span className="muted text-xs">Server URL (Streamable HTTP; HTTP+SSE is tried when it is refused)</span>
              <input
                aria-label="MCP server URL"
                className="control font-mono"
                placeholder="http://127.0.0.1:3001/mcp"
                value={url}
                autoFocus
                onChange={(event) => setUrl(event.target.value)}
              />
            </label>
            <label className="flex flex-col gap-1">
              <span className="muted text-xs">
                Headers, one per line as “Name: value” (e.g. Authorization) — kept in this tab’s memory only, like API
                keys
              </span>
              <textarea
                aria-label="MCP server headers"
                className="control h-16 font-mono text-xs"
                spellCheck={false}
                autoComplete="off"
                value={headerText}
                onChange={(event) => setHeaderText(event.target.value)}
              />
            </label>
          </>
        ) : (
          <>
            <p className="muted text-xs">
              Off unless the operator lists the exact command line in PLAYGROUND_MCP_STDIO_COMMANDS; only for a page
              opened on this machine; the start token is in the playground server’s log and changes at every start.
              {stdio
                ? ' This session used a local command: sessions and links never carry one, so type it yourself.'
                : ''}
            </p>
            <label className="flex flex-col gap-1">
              <span className="muted text-xs">Command</span>
              <input
                aria-label="MCP server command"
                className="control font-mono"
                placeholder="npx"
                value={command}
                onChange={(event) => setCommand(event.target.value)}
              />
            </label>
            <label className="flex flex-col gap-1">
              <span className="muted text-xs">Arguments, one per line</span>
              <textarea
                aria-label="MCP server arguments"
                className="control h-16 font-mono text-xs"
                spellCheck={false}
                value={argText}
                onChange={(event) => setArgText(event.target.value)}
              />
            </label>
            {command.trim() ? (
              <div className="flex flex-col gap-1">
                <span className="muted text-xs">
                  Runs on the playground&apos;s machine, as its user — the whole command line:
                </span>
                <div
                  role="note"
                  aria-label="Command line to run"
                  className="code whitespace-pre-wrap break-all font-mono text-xs"
                >
                  {[command.trim(), ...args].join(' ')}
                </div>
              </div>
            ) : null}
            <label className="flex flex-col gap-1">
              <span className="muted text-xs">Start token</span>
              <input
                type="password"
                aria-label="MCP start token"
                className="control font-mono"
                autoComplete="off"
                value={token}
                onChange={(event) => setToken(event.target.value)}
              />
            </label>
          </>
        )}
        {problem ? (
          <p role="alert" className="text-xs text-role-error">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="button button-primary self-start" disabled={busy}>
          {busy ? 'Connecting…' : 'Connect'}
        </button>
      </form>
    </Dialog>
  );
}
