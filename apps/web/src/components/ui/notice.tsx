import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const TONES = {
  info: { className: 'border-brand/30 bg-brand-soft text-ink', Icon: Info, iconClass: 'text-brand' },
  success: { className: 'border-success/30 bg-success-soft text-success', Icon: CircleCheck, iconClass: '' },
  warning: { className: 'border-warning/30 bg-warning-soft text-warning', Icon: TriangleAlert, iconClass: '' },
  error: { className: 'border-danger/30 bg-danger-soft text-danger', Icon: CircleAlert, iconClass: '' },
} as const;

export interface NoticeProps {
  tone: keyof typeof TONES;
  title?: string;
  children?: ReactNode;
  /**
   * `alert` for an error that appears after an action, `status` for news that appears after
   * one; none for a notice that is part of the page from the start.
   */
  role?: 'alert' | 'status';
  className?: string;
}

/** A calm, coloured message box with an icon (never colour alone: the icon and words carry it). */
export function Notice({ tone, title, children, role, className }: NoticeProps) {
  const { className: toneClass, Icon, iconClass } = TONES[tone];
  return (
    <div role={role} className={cn('flex gap-3 rounded-lg border p-4', toneClass, className)}>
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', iconClass)} />
      <div className="min-w-0">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={cn(title && 'mt-1')}>{children}</div>}
      </div>
    </div>
  );
}
