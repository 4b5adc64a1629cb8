/**
 * How many bytes `text` takes as UTF-8 — what `new TextEncoder().encode(text).length` says, a lone
 * surrogate counted as the replacement character it becomes — without making the bytes: the graph
 * asks it of every tool result it titles.
 */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      const paired = next >= 0xdc00 && next <= 0xdfff;
      bytes += paired ? 4 : 3;
      if (paired) index++;
    } else bytes += 3;
  }
  return bytes;
}
