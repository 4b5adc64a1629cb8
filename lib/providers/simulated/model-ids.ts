/** The simulated model's ids: the one that chooses tools, and the one that replays a script. */
export const SIMULATED_MODEL_ID = 'simulated-1';
export const SCRIPTED_MODEL_ID = 'simulated-scripted';
