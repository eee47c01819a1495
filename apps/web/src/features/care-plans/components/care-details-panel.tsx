import { useQuery } from '@tanstack/react-query';
import { assessmentSummary } from '@tavara/shared/care-assessment/care-assessment';
import { STORY_FIELDS } from '@tavara/shared/family-story/family-story';
import { ClipboardList, HeartHandshake } from 'lucide-react';
import { Link } from 'react-router';
import { NotAvailableOffline } from '@/components/not-available-offline';
import { PanelEmpty, QueryPanel } from '@/components/query-panel';
import { Button } from '@/components/ui/button';
import { planAssessmentQuery, planStoryQuery } from '../api/care-plans-api';

/**
 * The plan's "care details" (issue 19): the family's care needs assessment and story of the
 * person this plan is for, read-only, for the owner and the accepted team. What the family has
 * not filled in is said plainly; nothing is guessed.
 */
export function CareDetailsPanel({ planId, isOwner }: { planId: string; isOwner: boolean }) {
  const assessment = useQuery(planAssessmentQuery(planId));
  const story = useQuery(planStoryQuery(planId));
  // Offline with nothing saved for this plan (issue 29): said plainly, not loading rows for ever.
  if ([assessment, story].some((q) => q.isPending && q.fetchStatus === 'paused')) return <NotAvailableOffline />;
  return (
    <div className="grid gap-6">
      <section aria-labelledby="care-needs" className="rounded-card border border-line bg-surface p-5">
        <h2 id="care-needs" className="text-xl font-semibold">
          Care needs
        </h2>
        <div className="mt-4">
          <QueryPanel
            query={assessment}
            loadingLabel="Loading the care needs assessment..."
            errorTitle="The care needs assessment could not be loaded"
            isEmpty={(data) => !data.assessment || assessmentSummary(data.assessment.answers).length === 0}
            empty={
              <PanelEmpty
                icon={<ClipboardList aria-hidden="true" className="size-8" />}
                title="No care needs assessment yet"
              >
                {isOwner ? (
                  <>
                    <p>Tell the team what care is needed: daily tasks, health, emergencies and preferences.</p>
                    <Button asChild variant="secondary" className="mt-3">
                      <Link to="/family/care-assessment">Fill in the assessment</Link>
                    </Button>
                  </>
                ) : (
                  'The family has not filled in the care needs assessment yet.'
                )}
              </PanelEmpty>
            }
          >
            {(data) => (
              <div className="grid gap-5">
                {assessmentSummary(data.assessment?.answers ?? {}).map((section) => (
                  <div key={section.title}>
                    <h3 className="font-semibold">{section.title}</h3>
                    <dl className="mt-2 grid gap-2">
                      {section.lines.map((line) => (
                        <div key={line.label} className="grid gap-0.5 sm:grid-cols-[14rem_1fr]">
                          <dt className="text-ink-muted">{line.label}</dt>
                          <dd className="whitespace-pre-line">{line.value}</dd>
                        </div>
                      ))}
                    </dl>
                  </div>
                ))}
                {isOwner && (
                  <Link to="/family/care-assessment" className="text-brand underline underline-offset-4">
                    Edit the assessment
                  </Link>
                )}
              </div>
            )}
          </QueryPanel>
        </div>
      </section>
      <section aria-labelledby="their-story" className="rounded-card border border-line bg-surface p-5">
        <h2 id="their-story" className="text-xl font-semibold">
          Their story
        </h2>
        <p className="mt-1 text-ink-muted">Private to the family and this care team.</p>
        <div className="mt-4">
          <QueryPanel
            query={story}
            loadingLabel="Loading their story..."
            errorTitle="Their story could not be loaded"
            isEmpty={(data) => !data.story}
            empty={
              <PanelEmpty icon={<HeartHandshake aria-hidden="true" className="size-8" />} title="No story yet">
                {isOwner ? (
                  <Button asChild variant="secondary" className="mt-1">
                    <Link to="/family/story">Tell their story</Link>
                  </Button>
                ) : (
                  'The family has not written their story yet.'
                )}
              </PanelEmpty>
            }
          >
            {(data) => (
              <dl className="grid gap-3">
                {data.story?.birthYear && (
                  <div className="grid gap-0.5 sm:grid-cols-[14rem_1fr]">
                    <dt className="text-ink-muted">Born</dt>
                    <dd>{data.story.birthYear}</dd>
                  </div>
                )}
                {STORY_FIELDS.filter((f) => data.story?.fields[f.id]).map((field) => (
                  <div key={field.id} className="grid gap-0.5 sm:grid-cols-[14rem_1fr]">
                    <dt className="text-ink-muted">{field.label}</dt>
                    <dd className="whitespace-pre-line">{data.story?.fields[field.id]}</dd>
                  </div>
                ))}
              </dl>
            )}
          </QueryPanel>
        </div>
      </section>
    </div>
  );
}
