import 'server-only';
import { DownloadError, type Experimental_DownloadFunction } from 'ai';

/** A `data:` URL's bytes and media type, read here (no network): `data:[<type>][;base64],<payload>`. */
function readDataUrl(url: URL): { data: Uint8Array; mediaType: string | undefined } {
  const text = url.href;
  const comma = text.indexOf(',');
  if (comma === -1) throw new DownloadError({ url: 'data:…', message: 'A data: URL without a payload.' });
  const header = text.slice('data:'.length, comma);
  const payload = text.slice(comma + 1);
  const base64 = header.endsWith(';base64');
  const mediaType = (base64 ? header.slice(0, -';base64'.length) : header).split(';')[0] || undefined;
  const data = base64 ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload), 'utf8');
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), mediaType };
}

/**
 * The server never downloads what a message names (see docs/decisions/no-downloads.md): given to every `streamText` and
 * `generateText` as `experimental_download`, in place of the AI SDK's default downloader (which
 * would fetch any http(s) URL with the global fetch, follow redirects and read up to 2 GiB). A
 * file that carries its data (`data:`) is read in place; any other URL fails the step — and
 * requests naming one are refused before this (`chatRequestSchema`).
 */
export const refuseDownloads: Experimental_DownloadFunction = async (requests) =>
  requests.map(({ url }) => {
    if (url.protocol === 'data:') return readDataUrl(url);
    throw new DownloadError({
      url: url.href.slice(0, 200),
      message: 'The playground server never downloads a file a message names: attach the file itself.',
    });
  });
