import {
  COMPAT_TARGETS,
  type CompatCell,
  type CompatProbe,
  type CompatReason,
  type CompatTargetId,
} from '../../shapes/compat';

import { toolDefinitionOf } from '../../shapes/tool-formats';
import type { ToolSpec } from '../../shapes/tool-spec';
import type { CompatAnswer } from './compat-route';
import { documentedReasons } from './documented-rules';
import { schemaDifferences } from './schema-diff';

/**
 * One cell: a probe's answer when there is one; else `rejects` when the package refused the tool or
 * the tool breaks a documented rule; `rewrites` when the package sent something else than was
 * drafted (each difference, captured); `accepts` otherwise.
 */
export function compatCell(
  spec: ToolSpec,
  target: CompatTargetId,
  sent: CompatAnswer['sent'][number] | undefined,
  probe?: CompatProbe,
): CompatCell {
  if (probe) {
    const accepted = probe.status >= 200 && probe.status < 300;
    return {
      tool: spec.name,
      target,
      verdict: accepted ? 'accepts' : 'rejects',
      reasons: accepted
        ? []
        : [
            {
              message: probe.message,
              path: [],
              source: { kind: 'probed', at: probe.at, status: probe.status, message: probe.message },
            },
          ],
      basis: 'probed',
      probe,
      ...(sent?.schema === undefined ? {} : { sent: sent.schema }),
    };
  }
  const packageSource = { kind: 'sent' as const, packageName: sent?.packageName ?? '' };
  if (sent?.error)
    return {
      tool: spec.name,
      target,
      verdict: 'rejects',
      reasons: [{ message: sent.error, path: [], source: packageSource }],
      basis: 'sent',
    };
  const documented = documentedReasons(toolDefinitionOf(spec), target);
  const rewrites: CompatReason[] =
    sent?.schema === undefined
      ? []
      : schemaDifferences(spec.inputSchema, sent.schema).map((difference) => ({
          ...difference,
          path: ['parameters', ...difference.path],
          source: packageSource,
        }));
  return {
    tool: spec.name,
    target,
    verdict: documented.length > 0 ? 'rejects' : rewrites.length > 0 ? 'rewrites' : 'accepts',
    reasons: [...documented, ...rewrites],
    // A rule the tool breaks is what the verdict rests on; else what the package sent.
    basis: documented.length > 0 || !sent ? 'documented' : 'sent',
    ...(sent?.schema === undefined ? {} : { sent: sent.schema }),
  };
}

/** The matrix: a row per tool, a cell per target. */
export function compatMatrix(
  specs: readonly ToolSpec[],
  sent: CompatAnswer['sent'],
  probes: readonly CompatProbe[] = [],
): CompatCell[][] {
  return specs.map((spec) =>
    COMPAT_TARGETS.map((target) =>
      compatCell(
        spec,
        target,
        sent.find((each) => each.tool === spec.name && each.target === target),
        probes.findLast((each) => each.tool === spec.name && each.target === target),
      ),
    ),
  );
}
