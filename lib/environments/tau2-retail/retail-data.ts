/*
 * What the port of τ²-bench's retail domain is made of (public/examples/tau2-retail/, written by
 * testing/tau2/port_retail.py from τ²'s own code and data): its tools, the database the cases
 * need, the cases and the policy. Fetched by the page when the example is opened, read from disk
 * by the tests.
 */

/** Where the page fetches the port's files from (the playground's own origin). */
export const RETAIL_DATA_PATH = '/examples/tau2-retail';
export const RETAIL_FILES = ['tools', 'db', 'cases', 'policy'] as const;

/** A tool as τ² offers it to the agent (its OpenAI function schema). */
export type RetailToolSchema = { name: string; description: string; parameters: Record<string, unknown> };

/** The parts of the database the port reads itself (the handlers read all of it). */
export type RetailDb = {
  products: Record<string, unknown>;
  users: Record<string, { orders: string[]; payment_methods: Record<string, unknown> }>;
  orders: Record<string, { user_id: string; status: string }>;
};

/** A τ² retail task, as the port writes it. */
export type RetailCase = {
  id: string;
  /** τ²'s user scenario: why the user calls, what they know and do not, how to act. */
  instructions: {
    reason_for_call?: string;
    known_info?: string;
    unknown_info?: string;
    task_instructions?: string;
  };
  persona: string | null;
  /** The actions τ²'s evaluator replays for the expected end state. */
  actions: { name: string; arguments: Record<string, unknown> }[];
  /** What the agent must tell the user (τ²'s communicate_info). */
  told: string[];
  /** The expected end state: each user or order the actions change, whole, as it is after. */
  changes: { at: string[]; to: unknown }[];
};

export type RetailData = {
  tools: RetailToolSchema[];
  db: RetailDb;
  cases: RetailCase[];
  policy: { policy: string };
};
