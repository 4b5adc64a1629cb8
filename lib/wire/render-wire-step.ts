import { renderAnthropic } from './render-anthropic';
import { renderGemini } from './render-gemini';
import { renderOpenAIChat } from './render-openai-chat';
import { renderOpenAIResponses } from './render-openai-responses';
import type { RenderedStep, WireStep } from './wire-types';
import type { WireFormat } from '../shapes/wire-capture';

const RENDERERS: Record<WireFormat, (step: WireStep) => RenderedStep> = {
  'openai-chat': renderOpenAIChat,
  'openai-responses': renderOpenAIResponses,
  anthropic: renderAnthropic,
  gemini: renderGemini,
};

/** A model step in one provider's wire format. */
export function renderWireStep(step: WireStep, format: WireFormat): RenderedStep {
  return RENDERERS[format](step);
}
