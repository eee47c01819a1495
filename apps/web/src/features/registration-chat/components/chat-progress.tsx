import type { ChatProgressBar } from '@tavara/shared/registration-chat/engine';

/** Spec §2: 'Section {n} of {total}', the section title and a percentage; questions stage only. */
export function ChatProgress({ progress }: { progress: ChatProgressBar }) {
  const { label, sectionTitle, percent } = progress;
  return (
    <div className="border-b border-line px-4 py-2" data-testid="chat-progress">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-semibold">{label}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <p className="truncate text-sm text-ink-muted">{sectionTitle}</p>
      <div
        role="progressbar"
        aria-label="Registration progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${label}, ${sectionTitle}: ${percent}%`}
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-line"
      >
        <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
