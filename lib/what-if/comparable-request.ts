import type { UIMessage } from 'ai';
import type { ChatRequest } from '../agent/chat-route';
import { sentSettings } from '../agent/sent-record';
import { canonicalMessages } from '../messages/canonical-request';

/** How a request reads for comparing: its messages without ids, its tools, its settings (history policy aside). */
export const comparableRequest = (request: ChatRequest) => ({
  messages: canonicalMessages(request.messages as unknown as UIMessage[]),
  tools: request.tools,
  settings: sentSettings(request.settings),
});
