'use client';
// The floor (docs/decisions/first-load.md): the least a page built by the same Next.js and React
// can be — a Message box and a Send button that works once the page is hydrated.
import { useState } from 'react';

export default function FloorPage() {
  const [message, setMessage] = useState('');
  return (
    <main>
      <textarea aria-label="Message" value={message} onChange={(event) => setMessage(event.target.value)} />
      <button type="button" disabled={message.trim() === ''}>
        Send
      </button>
    </main>
  );
}
