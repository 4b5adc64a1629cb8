/** The retail example's place in "New session" (its session is made when chosen: retail-example.ts). */
export const RETAIL_EXAMPLE = {
  id: 'tau2-retail',
  name: 'A store’s support desk (τ²-bench retail): conversations graded by the database',
} as const;
