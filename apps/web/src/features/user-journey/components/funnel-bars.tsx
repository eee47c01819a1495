import type { FunnelStage } from '@tavara/shared/admin/user-journey';
import { cn } from '@/lib/cn';
import { percentOf, TONES, type ChartTone } from './chart-tones';

interface FunnelBarsProps {
  readonly stages: readonly FunnelStage[];
  readonly tone: ChartTone;
  /** Names the list for screen readers, e.g. 'Family funnel'. */
  readonly label: string;
  /** What the first stage is, for the percentages' wording ('started', 'chose family'). */
  readonly baseLabel: string;
}

/**
 * A funnel as a bar chart built from plain elements: a list whose items carry the stage, the
 * count and its share of the first stage as text (what a screen reader reads); the bars are
 * decoration over those figures.
 */
export function FunnelBars({ stages, tone, label, baseLabel }: FunnelBarsProps) {
  const base = stages[0]?.count ?? 0;
  const colours = TONES[tone];
  return (
    <ol aria-label={label} className="flex flex-col gap-3">
      {stages.map((stage) => {
        const percent = percentOf(stage.count, base);
        return (
          <li key={stage.key}>
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 font-medium">{stage.label}</span>
              <span className="shrink-0 tabular-nums">
                <strong className="font-semibold">{stage.count}</strong>
                <span className="sr-only"> {stage.count === 1 ? 'session' : 'sessions'},</span>
                <span className="text-ink-muted">
                  {' '}
                  · {percent}%<span className="sr-only"> of {baseLabel}</span>
                </span>
              </span>
            </div>
            <div aria-hidden="true" className={cn('mt-1 h-3 overflow-hidden rounded-full', colours.track)}>
              <div className={cn('h-full rounded-full', colours.bar)} style={{ width: `${percent}%` }} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
