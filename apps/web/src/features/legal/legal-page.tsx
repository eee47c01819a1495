import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** When the texts below last changed in substance; shown on both pages. */
export const LEGAL_UPDATED = '26 November 2026';

/**
 * The frame of /terms and /privacy: a readable column of plain-language sections (issue 14,
 * item 9). Large type and short paragraphs: many readers are older family members on phones.
 */
export function LegalPage({
  title,
  lead,
  sections,
  other,
}: {
  title: string;
  lead: string;
  sections: readonly { id: string; title: string; body: ReactNode }[];
  other: { to: string; label: string };
}) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-2 text-ink-muted">Last updated {LEGAL_UPDATED}</p>
      <p className="mt-4 text-lg">{lead}</p>
      <nav aria-label="On this page" className="mt-6 rounded-card border border-line bg-surface p-5">
        <h2 className="font-semibold">On this page</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-6 pointer-coarse:space-y-0">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-flex min-h-8 items-center text-brand underline underline-offset-4 pointer-coarse:min-h-11"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-8">
          <h2 id={section.id} className="scroll-mt-20 text-2xl font-bold">
            {section.title}
          </h2>
          <div className="mt-3 space-y-3 text-lg [&_li]:mt-1 [&_ul]:list-disc [&_ul]:pl-6">{section.body}</div>
        </section>
      ))}
      <p className="mt-10 border-t border-line pt-6">
        See also our{' '}
        <Link to={other.to} className="font-semibold text-brand underline underline-offset-4">
          {other.label}
        </Link>
        .
      </p>
    </article>
  );
}
