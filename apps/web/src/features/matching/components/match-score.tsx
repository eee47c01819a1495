import { CalendarClock, HeartHandshake, MapPin, Medal } from 'lucide-react';
import { MATCH_WEIGHTS, type MatchComponentKey, type MatchScore } from '@tavara/shared/matching/score';

const PARTS: Record<MatchComponentKey, { label: string; Icon: typeof MapPin }> = {
  careTypes: { label: 'Care types', Icon: HeartHandshake },
  schedule: { label: 'Schedule', Icon: CalendarClock },
  experience: { label: 'Experience', Icon: Medal },
  location: { label: 'Location', Icon: MapPin },
};

/**
 * The score and why: the total, then each part with its weight and its reason in words (never a
 * bare number: the reasons are what a person decides on).
 */
export function MatchScoreView({ score, id }: { score: MatchScore; id: string }) {
  return (
    <div>
      <p className="flex items-baseline gap-2">
        <span className="text-2xl font-bold" id={`${id}-score`}>
          {score.total}%
        </span>
        <span className="text-ink-muted">match</span>
      </p>
      <ul aria-label="Why this match" className="mt-2 flex flex-col gap-1.5">
        {score.components.map((c) => {
          const { label, Icon } = PARTS[c.key];
          return (
            <li key={c.key} className="flex items-start gap-2">
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
              <span>
                <span className="sr-only">
                  {label} ({Math.round(MATCH_WEIGHTS[c.key] * 100)} %, {Math.round(c.score * 100)} of 100):{' '}
                </span>
                {c.reason}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** How the score is made, in one sentence, for the top of both pages. */
export const SCORE_EXPLAINED =
  'Scores weigh care types 30 %, schedule 35 %, experience 20 % and distance 15 %, from what each side entered — the same for everyone.';
