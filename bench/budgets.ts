/**
 * Every figure a bench measures with `measure()` and its budget (median, ms): the first pattern
 * that matches the figure's name. A figure with no budget fails its bench too — a new figure
 * comes with one. Budgets given by an issue say so; the rest leave room of about 3–5× over what
 * this kind of machine measured when they were set (2 cores, Node, idle), so a bench fails on a
 * real regression, not on noise.
 */
export const BUDGETS_MS: readonly [RegExp, number][] = [
  // Replay against the model: recording the run it replays (its own budget is set in the bench: 2 s).
  [/^replay: recording the/, 20_000],
  // Sample this step (the playground's own overhead for N = 50: at most 1 s).
  [/^Sample this step: playground overhead for 50 samples/, 1_000],
  [/^Sample this step: 50 samples through the route/, 3_000],
  [/^provider alone: 50 requests/, 2_000],
  // The local model (tiny test model, node-llama-cpp, one thread): load, first token, per token, the decision.
  [/^local model: load the tiny model/, 1_000],
  [/^local model: first token after a new message/, 500],
  [/^local model: per token/, 20],
  [/^local model: decision probabilities, 8 tools/, 1_000],
  // The model in the browser (wasm, one thread here): the budget for the page while it generates is 100 ms.
  [/^browser model: load the tiny model file/, 5_000],
  [/^browser model: first step with the 8 core tools/, 30_000],
  [/^browser model: longest main-thread task while generating/, 100],
  [/^browser model: per generated token/, 50],
  // A grid on several machines: `npm run eval` as one process and as two shards side by side, per run (starts included).
  [/^shards: /, 150],
  // Evals: grading one run, and a grid run with the scripted model.
  [/^gradeRun/, 0.5],
  [/^first-step, \d at once/, 20],
  [/^full-loop, \d at once/, 40],
  // Compatibility: the packages' capture of 100 tools, and the verdicts (the page's figure has its own budget, 1 s).
  [/^compatibility: POST \/api\/compat, 100 tools/, 500],
  [/^compatibility: verdicts for 100 tools/, 200],
  // A promptfoo config's 100 runs, 4 at a time, at the loopback fake (promptfoo itself: ~20 ms a run here).
  [/^promptfoo suite: npm run eval, per run/, 60],
  [/^promptfoo suite: the grid in Node, per run/, 40],
  [/^promptfoo suite: the grid in the page, per run/, 80],
  // Executor: one tool call, validated and answered.
  [/^executor: think/, 0.1],
  [/^offline sandbox: readFile of 10 KB/, 0.1],
  [/^executor: read_file of 10 KB/, 0.2],
  [/^executor: write_file/, 1],
  [/^executor: bash `echo hi`/, 2],
  // Hardening: refusals stay cheap whatever the attack.
  [/^Ajv\+RE2: .* against 30 a's/, 0.1],
  [/^Ajv\+RE2: .* against 100,000 a's/, 5],
  [/^depth check of a 4 MB body/, 5],
  [/^route: 5 MB \+ 1 body refused/, 20],
  [/^route: body nested 100,000 levels refused/, 30],
  [/^link: 10 KB bomb/, 5],
  [/^link: measuring a 40 KB-text link/, 1],
  [/^redacting a key from a 500-character error/, 1],
  [/^simulated model: places read from 1\.2 MB/, 100],
  [/^route guard: /, 0.1],
  [/^redacting a key \(and its reversed and base64 forms\)/, 2],
  [/^MCP outputSchema .* on RE2/, 0.1],
  [/^route: a message naming a URL refused/, 2],
  [/^nesting of a 3,000-deep TypeScript paste/, 1],
  [/^nesting of a [\d.]+ MB paste of ordinary code/, 100],
  [/^uniqueItems over 100,000 objects: refused/, 1],
  [/^uniqueItems over 2,000 objects: checked by Ajv/, 200],
  [/^link budget: what 1,000 stored links and their author hold/, 5],
  // History policy: planned on every send.
  [/^plan \(no policy\)/, 5],
  [/^plan \+ cut, drop-oldest/, 5],
  // MCP: a call and a connect through the page's client and the route.
  [/^SDK client alone: tools\/call/, 15],
  [/^page client → route \(in-process\) → SDK/, 15],
  [/^connect: SDK alone/, 50],
  [/^page client → next start \/api\/mcp → SDK/, 25],
  [/^connect through next start/, 80],
  // Share links and short links, in Node.
  [/^make the link \(compact \+ compress\)/, 10],
  [/^open the link \(decompress \+ validate\)/, 10],
  [/^[\d,]+ (messages|calls): create \(seal \+ upload\)/, 50],
  [/^[\d,]+ (messages|calls): open \(download \+ decrypt \+ read\)/, 50],
  // Timeline: derived and laid out on every change (within a frame when warm); the sequence within 50 ms.
  [/^cold: derive \+ layout, \d+ nodes/, 50],
  [/^warm: derive \+ layout after one more chunk/, 16.7],
  [/^derive the sequence/, 50],
  // Tool from code, in Node: the page runs the same readers.
  [/^Python functions \(tree-sitter \+ reader\)/, 20],
  [/^Pydantic models \(tree-sitter \+ reader\)/, 20],
  [/^TypeScript functions \(TS parser \+ reader\)/, 30],
  [/^zod tool\(\)/, 150],
  // Walking skeleton: one keystroke's re-check within a frame.
  [/^POST \/api\/chat: one simulated step/, 15],
  [/^whole README run/, 30],
  [/^executor: read_file README\.md/, 0.2],
  [/^checkToolDrafts: the 4 default tools, first check/, 40],
  [/^checkToolDrafts: the 4 default tools, re-check/, 2],
  [/^timeline: derive \+ dagre layout of \d+ nodes/, 16.7],
  [/^tool editor: import \+ lint/, 200],
  // Wire: a step rendered with the provider's own package.
  [/^(openai-chat|openai-responses|anthropic|gemini): render a 4-message step/, 10],
];

/** The budget of a figure by its name, or undefined when none is written here. */
export function budgetOf(name: string): number | undefined {
  return BUDGETS_MS.find(([pattern]) => pattern.test(name))?.[1];
}
