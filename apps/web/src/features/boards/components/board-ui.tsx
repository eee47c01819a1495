import { linkifyText, URGENCY_OPTIONS, type BoardPost } from '@tavara/shared/boards/boards';
import { getCodeLabel } from '@tavara/shared/codes/code-option';
import { TT_REGION_OPTIONS } from '@tavara/shared/codes/tt-region-options';
import { Fragment } from 'react';
import { cn } from '@/lib/cn';
import { CARE_TIME_ZONE, formatDateTime } from '@tavara/shared/time/format';

/**
 * Plain text as people typed it, with web addresses made into links. Nothing is ever parsed as
 * HTML: each piece is a text node or an anchor React builds (issue 20, "plain text only").
 */
export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={cn('break-words whitespace-pre-line', className)}>
      {linkifyText(text).map((part, i) =>
        part.kind === 'link' ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="font-medium text-brand underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}

const URGENCY_TONES: Record<string, string> = {
  today: 'bg-danger-soft text-danger border-danger/30',
  within_48_hours: 'bg-warning-soft text-warning border-warning/30',
  this_weekend: 'bg-family-soft text-family border-family/30',
  planned: 'bg-canvas text-ink-muted border-line',
};

export function UrgencyPill({ urgency }: { urgency: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-medium',
        URGENCY_TONES[urgency],
      )}
    >
      {getCodeLabel(URGENCY_OPTIONS, urgency) ?? urgency}
    </span>
  );
}

export const regionLabel = (code: string) => getCodeLabel(TT_REGION_OPTIONS, code) ?? code;

const TYPE_TONES: Record<BoardPost['type'], string> = {
  care_need: 'bg-family-soft text-family border-family/30',
  availability: 'bg-professional-soft text-professional border-professional/30',
  discussion: 'bg-community-soft text-community border-community/30',
};

const TYPE_LABELS: Record<BoardPost['type'], string> = {
  care_need: 'Care need',
  availability: 'Availability',
  discussion: 'Discussion',
};

export function TypePill({ type }: { type: BoardPost['type'] }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-medium', TYPE_TONES[type])}
    >
      {TYPE_LABELS[type]}
    </span>
  );
}

/** When something was posted, in Trinidad and Tobago time. */
export const formatPosted = (iso: string) => formatDateTime(iso, CARE_TIME_ZONE);
