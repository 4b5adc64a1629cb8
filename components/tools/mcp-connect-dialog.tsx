'use client';

import { type ReactElement, useState } from 'react';
import { isStdioServerUrl } from '@/lib/mcp/create-mcp-client';
import { parseHeaderLines } from '@/lib/mcp/parse-header-lines';
import { useRuntime } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';

type Mode = 'http' | 'stdio';

/** What the form holds: the server's address and headers, or its command, arguments and start token. */
type Fields = { url: string; headerText: string; command: string; argText: string; token: string };
type FieldProps = { fields: Fields; set: (change: Partial<Fields>) => void };

const argsOf = (argText: string) => argText.split('\n').filter((line) => line.trim() !== '');

function HttpFields({ fields, set }: FieldProps) {
  return (
    <>
      <label className="flex flex-col gap-1">
        <span className="muted text-xs">Server URL (Streamable HTTP; HTTP+SSE is tried when it is refused)</span>
        <input
          aria-label="MCP server URL"
          className="control font-mono"
          placeholder="http://127.0.0.1:3001/mcp"
          value={fields.url}
          autoFocus
          onChange={(event) => set({ url: event.target.value })}
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
          value={fields.headerText}
          onChange={(event) => set({ headerText: event.target.value })}
        />
      </label>
    </>
  );
}

function StdioFields({ fields, set, usedStdio }: FieldProps & { usedStdio: boolean }) {
  const command = fields.command.trim();
  return (
    <>
      <p className="muted text-xs">
        Off unless the operator lists the exact command line in PLAYGROUND_MCP_STDIO_COMMANDS; only for a page opened on
        this machine; the start token is in the playground server’s log and changes at every start.
        {usedStdio
          ? ' This session used a local command: sessions and links never carry one, so type it yourself.'
          : ''}
      </p>
      <label className="flex flex-col gap-1">
        <span className="muted text-xs">Command</span>
        <input
          aria-label="MCP server command"
          className="control font-mono"
          placeholder="npx"
          value={fields.command}
          onChange={(event) => set({ command: event.target.value })}
        />
      </label>
      <label className="flex flex-col gap-1">
        <span className="muted text-xs">Arguments, one per line</span>
        <textarea
          aria-label="MCP server arguments"
          className="control h-16 font-mono text-xs"
          spellCheck={false}
          value={fields.argText}
          onChange={(event) => set({ argText: event.target.value })}
        />
      </label>
      {command ? (
        <div className="flex flex-col gap-1">
          <span className="muted text-xs">
            Runs on the playground&apos;s machine, as its user — the whole command line:
          </span>
          <div
            role="note"
            aria-label="Command line to run"
            className="code whitespace-pre-wrap break-all font-mono text-xs"
          >
            {[command, ...argsOf(fields.argText)].join(' ')}
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
          value={fields.token}
          onChange={(event) => set({ token: event.target.value })}
        />
      </label>
    </>
  );
}

/** Connects as the form says; the problem in a sentence, or nothing when connected (headers and token forgotten). */
async function connectWith(mcp: ReturnType<typeof useRuntime>['mcp'], mode: Mode, fields: Fields, busy: () => void) {
  if (mode === 'http') {
    const headers = parseHeaderLines(fields.headerText);
    if (!headers.ok) return headers.message;
    if (!/^https?:\/\/\S+$/.test(fields.url.trim())) return 'Type the server’s http:// or https:// address.';
    busy();
    const connected = await mcp.connect(fields.url.trim(), headers.headers);
    return connected.ok ? undefined : connected.message;
  }
  if (fields.command.trim() === '') return 'Type the command that starts the server (e.g. npx).';
  busy();
  const connected = await mcp.connectStdio(fields.command.trim(), argsOf(fields.argText), fields.token.trim());
  return connected.ok ? undefined : connected.message;
}

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
  const [fields, setFields] = useState<Fields>({
    url: stdio ? '' : initialUrl,
    headerText: '',
    command: '',
    argText: '',
    token: '',
  });
  const set = (change: Partial<Fields>) => setFields((current) => ({ ...current, ...change }));
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const connect = async () => {
    const failed = await connectWith(mcp, mode, fields, () => {
      setBusy(true);
      setProblem(undefined);
    });
    setBusy(false);
    if (failed) return setProblem(failed);
    set({ headerText: '', token: '' });
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
          <HttpFields fields={fields} set={set} />
        ) : (
          <StdioFields fields={fields} set={set} usedStdio={stdio} />
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
