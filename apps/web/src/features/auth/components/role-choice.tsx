import { HandHeart, Stethoscope, Users, type LucideIcon } from 'lucide-react';
import { PUBLIC_ROLES, ROLE_LABELS, type PublicRole } from '@tavara/shared/roles';
import { cn } from '@/lib/cn';

const ROLE_OPTIONS: Record<PublicRole, { hint: string; Icon: LucideIcon; chosen: string; icon: string }> = {
  family: {
    hint: 'I am looking for care for a loved one',
    Icon: Users,
    chosen: 'has-checked:border-family has-checked:bg-family-soft',
    icon: 'text-family',
  },
  professional: {
    hint: 'I give care and want work or training',
    Icon: Stethoscope,
    chosen: 'has-checked:border-professional has-checked:bg-professional-soft',
    icon: 'text-professional',
  },
  community: {
    hint: 'I want to help families in my community',
    Icon: HandHeart,
    chosen: 'has-checked:border-community has-checked:bg-community-soft',
    icon: 'text-community',
  },
};

/**
 * The sign-up role choice: native radio buttons (arrow keys move between them) in labelled
 * cards, each in its role's colour once chosen.
 */
export function RoleChoice({ value, onChange }: { value: PublicRole; onChange: (role: PublicRole) => void }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 font-semibold">I am joining as</legend>
      {PUBLIC_ROLES.map((role) => {
        const { hint, Icon, chosen, icon } = ROLE_OPTIONS[role];
        return (
          <label
            key={role}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line-strong bg-surface px-3 py-2 hover:bg-canvas',
              chosen,
            )}
          >
            <input
              type="radio"
              name="role"
              value={role}
              checked={value === role}
              onChange={() => onChange(role)}
              className="size-5 shrink-0 accent-brand"
            />
            <Icon aria-hidden="true" className={cn('size-6 shrink-0', icon)} />
            <span className="flex flex-col">
              <span className="font-semibold">{ROLE_LABELS[role]}</span>
              <span className="text-sm text-ink-muted">{hint}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
