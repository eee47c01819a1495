import { ROLE_LABELS, type Role } from '@tavara/shared/roles';
import { cn } from '@/lib/cn';

const ROLE_STYLE: Record<Role, string> = {
  family: 'border-family/40 bg-family-soft text-family',
  professional: 'border-professional/40 bg-professional-soft text-professional',
  community: 'border-community/40 bg-community-soft text-community',
  admin: 'border-line-strong bg-canvas text-ink',
};

/** A role in its colour and in words (the colour never carries it alone). */
export function RoleBadge({ role }: { role: Role }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full border px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap',
        ROLE_STYLE[role],
      )}
    >
      {ROLE_LABELS[role]}
    </span>
  );
}
