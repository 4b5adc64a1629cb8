import { Fragment, type ReactNode } from 'react';

/** Inline `code` and **bold**, as React elements: nothing from the model becomes HTML. */
function renderInline(text: string): ReactNode[] {
  return text.split(/(`[^`\n]+`|\*\*[^*\n]+\*\*)/g).map((piece, index) => {
    if (piece.startsWith('`') && piece.endsWith('`') && piece.length > 1) {
      return (
        <code key={index} className="rounded bg-black/5 px-1 font-mono text-[0.9em] dark:bg-white/10">
          {piece.slice(1, -1)}
        </code>
      );
    }
    if (piece.startsWith('**') && piece.endsWith('**') && piece.length > 3) {
      return <strong key={index}>{piece.slice(2, -2)}</strong>;
    }
    return <Fragment key={index}>{piece}</Fragment>;
  });
}

/**
 * Model text rendered safely: fenced code blocks, inline code and bold; everything else is
 * plain text (React escapes it).
 */
export function RichText({ text }: { text: string }) {
  const blocks = text.split(/```[^\n]*\n?/);
  return (
    <div className="whitespace-pre-wrap break-words">
      {blocks.map((block, index) =>
        index % 2 === 1 ? (
          <pre key={index} className="code">
            {block.replace(/\n$/, '')}
          </pre>
        ) : (
          <Fragment key={index}>{renderInline(block.replace(/^\n+|\n+$/g, ''))}</Fragment>
        ),
      )}
    </div>
  );
}
