import { STORY_FIELDS, type PublicStory } from '@tavara/shared/family-story/family-story';

/**
 * A shared story as strangers read it — the legacy page's detail view and the preview before
 * sharing are this one component, so the preview is exactly what becomes public.
 */
export function PublicStoryView({ story, headingLevel = 2 }: { story: PublicStory; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const fields = STORY_FIELDS.filter((f) => f.public && story.fields[f.id]);
  return (
    <article className="flex flex-col gap-4">
      <header>
        <Heading className="text-2xl font-bold">{story.name}</Heading>
        {story.birthYear && <p className="text-ink-muted">Born {story.birthYear}</p>}
      </header>
      {fields.length === 0 ? (
        <p className="text-ink-muted">
          Only the name{story.birthYear ? ' and birth year' : ''} — nothing else is written yet.
        </p>
      ) : (
        fields.map((field) => (
          <section key={field.id}>
            <p className="font-semibold">{field.label}</p>
            <p className="mt-1 whitespace-pre-line">{story.fields[field.id]}</p>
          </section>
        ))
      )}
    </article>
  );
}
