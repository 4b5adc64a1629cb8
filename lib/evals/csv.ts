/** One CSV cell: quoted when it must be, and a leading `=`, `+`, `-` or `@` defused so a spreadsheet never runs it. */
export const csvField = (value: string | number) => {
  const text = String(value);
  const safe = /^[\s]*[=+\-@]|^[\t\r]/.test(text) ? `'${text}` : text;
  return /[",;\t\n\r]/.test(safe) || safe !== text ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** Rows as CSV text (CRLF line ends, as RFC 4180 writes them). */
export const toCsv = (rows: readonly (readonly (string | number)[])[]) =>
  `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
