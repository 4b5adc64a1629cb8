import 'server-only';
import { SIMULATED_MODEL_ID } from '../providers/simulated/create-simulated-model';
import type { ProviderId } from '../session/run-settings';

export type ProviderInfo = {
  id: ProviderId;
  label: string;
  /** Whether runs can use it now. */
  available: boolean;
  models: string[];
  note: string;
};

/** What `GET /api/providers` answers: each provider, whether it can run, its models. Never keys. */
export function listProviders(): ProviderInfo[] {
  const later = (id: ProviderId, label: string): ProviderInfo => ({
    id,
    label,
    available: false,
    models: [],
    note: 'Not available in this build yet.',
  });
  return [
    {
      id: 'simulated',
      label: 'Simulated',
      available: true,
      models: [SIMULATED_MODEL_ID],
      note: 'Simulated — no API key, deterministic.',
    },
    later('openai', 'OpenAI'),
    later('anthropic', 'Anthropic'),
    later('google', 'Google Gemini'),
    later('openai-compatible', 'OpenAI-compatible'),
  ];
}
