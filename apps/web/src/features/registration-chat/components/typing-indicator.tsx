/** Three pulsing dots while the bot 'types' (spec §2), with a label for screen readers. */
export function TypingIndicator() {
  return (
    <div className="flex justify-start" data-testid="chat-typing">
      <div className="flex items-center gap-1.5 rounded-2xl rounded-bl-sm border border-line bg-canvas px-4 py-3.5">
        <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-ink-muted" />
        <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-ink-muted [animation-delay:200ms]" />
        <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-ink-muted [animation-delay:400ms]" />
        <span className="sr-only">The assistant is typing</span>
      </div>
    </div>
  );
}
