/**
 * The bounds every entrance checks (a share link, a session file, an OTLP trace, a pasted
 * tool list, stored sessions, the chat route's body). One list, so they agree.
 */
export const INPUT_LIMITS = {
  /** Deepest nesting of objects and arrays accepted anywhere; real sessions stay under 20. */
  maxJsonDepth: 64,
  /**
   * Deepest nesting of brackets and blocks in pasted code (Tool from code), measured before any
   * parser or reader recurses: a 64-level schema needs a few levels more for its code.
   */
  maxCodeNesting: 128,
  /**
   * Deepest nesting of a stranger's JSON or YAML text, measured before the parser (which recurses
   * or slows down on a run of brackets; YAML's overflows the stack near 770): generous, since the
   * parsed value is checked against `maxJsonDepth` after.
   */
  maxTextNesting: 256,
  /** Largest `POST /api/chat` body, in bytes. */
  maxChatBodyBytes: 5 * 1024 * 1024,
  /**
   * Largest tool result the executor sends back, in characters of JSON: well under the chat
   * body, so one result never makes the conversation unsendable (a larger one is answered
   * with an error the model and the person read).
   */
  maxToolResultChars: 2 * 1024 * 1024,
  /** Largest answer the page reads from `POST /api/mcp`, in characters: under the chat body too. */
  maxMcpAnswerChars: 4 * 1024 * 1024,
  /** Largest session (file, link or stored) once unpacked, in characters of JSON. */
  maxSessionChars: 10_000_000,
  /** Largest file the import boxes read (session, OTLP, tool lists), in bytes. */
  maxImportFileBytes: 10 * 1024 * 1024,
} as const;

/** Bytes as a person reads them: "5 MB", "64 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
