/** What the playground knows of each core tool beyond its schema; one home for each fact. */
export type CoreToolTraits = {
  /** It can change files: its calls take turns and report state changes, and approval can ask first. */
  writesFiles: boolean;
  /** A successful call ends the run (seed 002: `is_terminal`). */
  endsRun: boolean;
  /** A new session starts with it enabled (seed 002 §5.3 `default_tools`: all eight core tools). */
  onByDefault: boolean;
};
