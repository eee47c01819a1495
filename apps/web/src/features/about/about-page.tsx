import { ArrowRight, Compass, Eye, Heart } from 'lucide-react';
import { Link } from 'react-router';
import { ABOUT } from './about-content';

/** `/about`: the product's story, mission, vision and values (content in about-content.ts). */
export function AboutPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-4xl font-bold tracking-tight">{ABOUT.title}</h1>
      <p className="mt-3 text-2xl font-semibold text-brand-strong">{ABOUT.lead}</p>

      <section aria-labelledby="story" className="mt-10">
        <h2 id="story" className="text-2xl font-bold">
          {ABOUT.story.title}
        </h2>
        <div className="mt-3 space-y-4 text-lg">
          {ABOUT.story.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </section>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        {[
          { ...ABOUT.mission, Icon: Compass, id: 'mission' },
          { ...ABOUT.vision, Icon: Eye, id: 'vision' },
        ].map(({ id, title, text, Icon }) => (
          <section key={id} aria-labelledby={id} className="rounded-card border border-line bg-surface p-6">
            <Icon aria-hidden="true" className="size-7 text-brand" />
            <h2 id={id} className="mt-3 text-xl font-bold">
              {title}
            </h2>
            <p className="mt-2 text-ink-muted">{text}</p>
          </section>
        ))}
      </div>

      <section aria-labelledby="values" className="mt-10">
        <h2 id="values" className="text-2xl font-bold">
          {ABOUT.values.title}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {ABOUT.values.items.map((value) => (
            <li key={value.title} className="flex gap-3 rounded-card bg-brand-soft p-5">
              <Heart aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand" />
              <div>
                <h3 className="font-semibold">{value.title}</h3>
                <p className="mt-1 text-ink-muted">{value.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <Link
        to={ABOUT.cta.to}
        className="mt-10 inline-flex min-h-12 items-center gap-2 rounded-lg bg-brand px-6 font-semibold text-white hover:bg-brand-strong"
      >
        {ABOUT.cta.label}
        <ArrowRight aria-hidden="true" className="size-5" />
      </Link>
    </div>
  );
}
