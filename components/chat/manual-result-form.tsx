'use client';

import { useState } from 'react';
import { parseResultText } from '@/lib/agent/parse-result-text';
import { manualError, toolErrorText } from '@/lib/shapes/tool-error';
import { useRuntime } from '../runtime/runtime-context';

/** Where a person answers a manual tool's call: the text (JSON or plain) goes to the model. */
export function ManualResultForm({ toolName, toolCallId }: { toolName: string; toolCallId: string }) {
  const { chat } = useRuntime();
  const [text, setText] = useState('');
  const answer = (asError: boolean) => {
    if (asError)
      void chat.addToolOutput({
        tool: toolName,
        toolCallId,
        state: 'output-error',
        errorText: toolErrorText(manualError(toolName, text), toolCallId),
      });
    else void chat.addToolOutput({ tool: toolName, toolCallId, output: parseResultText(text) });
  };
  return (
    <form
      className="mt-1 flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        answer(false);
      }}
    >
      <textarea
        aria-label={`Result for ${toolName}`}
        className="control h-16 font-mono text-xs"
        placeholder='The result the model will read, e.g. {"temperature": 21}'
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="flex gap-2">
        <button type="submit" className="button button-primary py-0.5">
          Send result
        </button>
        <button type="button" className="button py-0.5" onClick={() => answer(true)}>
          Send as error
        </button>
      </div>
    </form>
  );
}
