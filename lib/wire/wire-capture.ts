import type { WireFormat } from '../shapes/wire-capture';

/** The wire format a run's provider speaks, when it is a real provider. */
export function formatOfProvider(provider: string, openaiApi: string | undefined): WireFormat | undefined {
  if (provider === 'openai') return openaiApi === 'chat' ? 'openai-chat' : 'openai-responses';
  if (provider === 'openai-compatible') return 'openai-chat';
  if (provider === 'anthropic') return 'anthropic';
  if (provider === 'google') return 'gemini';
  return undefined;
}
