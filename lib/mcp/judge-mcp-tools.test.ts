import { describe, expect, it } from 'vitest';
import { judgeMcpTools } from './judge-mcp-tools';

const tool = (serverName: string, parameters: Record<string, unknown>, knownAs = serverName) => ({
  serverName,
  knownAs,
  definition: { name: knownAs, description: `${serverName} does a thing.`, parameters },
});

describe("judgeMcpTools: what the playground judges of a server's tools", () => {
  const plain = tool('echo', {
    type: 'object',
    properties: { message: { type: 'string' } },
    required: ['message'],
    additionalProperties: false,
  });
  const optional = tool('search', {
    type: 'object',
    properties: { query: { type: 'string' }, limit: { type: 'integer' } },
    additionalProperties: false,
  });

  it('counts, per target, the tools its documented rules take, and says why not the others', () => {
    const { compatibility } = judgeMcpTools([plain, optional]);
    const strict = compatibility.find((each) => each.target === 'openai-chat-strict');
    // Strict mode wants every property required: `limit` is optional.
    expect(strict).toMatchObject({ label: 'OpenAI Chat (strict)', fit: 1, misfits: [{ tool: 'search' }] });
    expect(strict?.misfits[0].reason).toMatch(/\w+ \w+/);
    expect(compatibility.find((each) => each.target === 'openai-chat')).toMatchObject({ fit: 2, misfits: [] });
    expect(compatibility).toHaveLength(8);
  });

  it('names the tools a provider would refuse by their server name, and those the model knows by another', () => {
    const { names } = judgeMcpTools([
      plain,
      tool('files/read', { type: 'object' }, 'files_read'),
      tool('1st', { type: 'object' }),
    ]);
    expect(names).toEqual([
      {
        tool: 'files/read',
        knownAs: 'files_read',
        problems: [
          'OpenAI and Anthropic take 1–64 letters, digits, _ and -',
          'Gemini takes a letter or _ first, then up to 63 letters, digits, _ . : -',
          'the model knows it as files_read (its name clashed, or no provider takes it)',
        ],
      },
      {
        tool: '1st',
        knownAs: '1st',
        problems: ['Gemini takes a letter or _ first, then up to 63 letters, digits, _ . : -'],
      },
    ]);
  });

  it('lists the x-mcp-header declarations along chains of properties, in order', () => {
    const { headers } = judgeMcpTools([
      tool('route', {
        type: 'object',
        properties: {
          region: { type: 'string', 'x-mcp-header': 'Region' },
          options: { type: 'object', properties: { tenant: { type: 'string', 'x-mcp-header': 'Tenant' } } },
          list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Ignored' } },
        },
      }),
    ]);
    expect(headers).toEqual([
      { tool: 'route', argument: 'region', header: 'Region' },
      { tool: 'route', argument: 'options.tenant', header: 'Tenant' },
    ]);
  });
});
