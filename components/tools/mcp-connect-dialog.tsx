'use client';

import { type ReactElement, useState } from 'react';
import { parseHeaderLines } from '@/lib/mcp/parse-header-lines';
import { useRuntime } from '../playground/runtime-context';
import { Dialog } from '../ui/dialog';

/**
 * "Connect MCP server": the server's URL (Streamable HTTP, or the older HTTP+SSE) and optional
 * headers, which stay in this tab's memory — never in the session, a file or a link.
 */
export function McpConnectDialog({ trigger, initialUrl = '' }: { trigger: ReactElement; initialUrl?: string }) {
  const { mcp } = useRuntime();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState(initialUrl);
  const [headerText, setHeaderText] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const connect = async () => {
    const headers = parseHeaderLines(headerText);
    if (!headers.ok) return setProblem(headers.message);
    if (!/^https?:\/\/\S+$/.test(url.trim())) return setProblem('Type the server’s http:// or https:// address.');
    setBusy(true);
    setProblem(undefined);
    const connected = await mcp.connect(url.trim(), headers.headers);
    setBusy(false);
    if (!connected.ok) return setProblem(connected.message);
    setHeaderText('');
    setOpen(false);
  };

  return (
    <Dialog
      trigger={trigger}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setUrl((current) => current || initialUrl);
      }}
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
            Headers, one per line as “Name: value” (e.g. Authorization) — kept in this tab’s memory only, like API keys
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
