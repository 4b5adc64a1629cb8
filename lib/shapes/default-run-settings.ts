import type { ScriptStep, RunSettings } from './run-settings';
import { DEFAULT_MAX_STEPS } from './run-settings-defaults';

/** What the scripted model replays until the user writes a script of their own. */
export const DEFAULT_SCRIPT: ScriptStep[] = [
  { text: "I'll list the files.", toolCalls: [{ toolName: 'list_files', input: {} }] },
  { text: 'The workspace holds a small Node.js project.' },
];

export const DEFAULT_RUN_SETTINGS: RunSettings = {
  provider: 'simulated',
  model: 'simulated-1',
  toolChoice: 'auto',
  parallelToolCalls: true,
  maxSteps: DEFAULT_MAX_STEPS,
};
