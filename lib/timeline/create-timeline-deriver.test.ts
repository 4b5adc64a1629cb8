import { describe, expect, it } from 'vitest';
import { generateLongSession } from '@/bench/generate-long-session';
import { createTimelineDeriver } from './create-timeline-deriver';

describe('the graph derived once per change of its inputs', () => {
  const messages = generateLongSession('deriver', 1);
  const base = { messages, activeBranch: { id: 'main', label: 'Branch 1' }, branches: [] };

  it('gives the same graph back for the same inputs, and for a new set of the same MCP tool names', () => {
    const derive = createTimelineDeriver();
    const first = derive({ ...base, mcpTools: new Set(['fetch', 'search']) });
    expect(derive({ ...base, mcpTools: new Set(['search', 'fetch']) })).toBe(first);
  });

  it('derives again when the names differ, or anything else is a new object', () => {
    const derive = createTimelineDeriver();
    const first = derive({ ...base, mcpTools: new Set(['fetch']) });
    const renamed = derive({ ...base, mcpTools: new Set(['read_file']) });
    expect(renamed).not.toBe(first);
    // read_file is an MCP tool now: its results are read as MCP results.
    expect(derive({ ...base, mcpTools: new Set(['read_file']), messages: [...messages] })).not.toBe(renamed);
    expect(derive({ ...base, mcpTools: new Set(['read_file', 'fetch']) })).not.toBe(renamed);
  });
});
