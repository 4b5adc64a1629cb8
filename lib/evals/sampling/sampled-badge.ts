/**
 * The node's line for a sampled step: the samples of the step as sent, and how many variants were
 * sampled beside them ("20 samples · 1 variant") — a variant's samples are of another request.
 */
export function sampledBadge(samplings: readonly { change?: unknown; samples: readonly unknown[] }[]): string {
  const own = samplings.filter((each) => !each.change).reduce((sum, each) => sum + each.samples.length, 0);
  const variants = samplings.filter((each) => each.change).length;
  const parts = [
    ...(own > 0 ? [`${own} sample${own === 1 ? '' : 's'}`] : []),
    ...(variants > 0 ? [`${variants} variant${variants === 1 ? '' : 's'}`] : []),
  ];
  return parts.join(' · ');
}
