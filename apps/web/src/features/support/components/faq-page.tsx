import { MessageCircle, Search } from 'lucide-react';
import { Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ContactChatData } from '@tavara/shared/support/contact-request.schema';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { toast } from '@/lib/toast';
import { FAQ_CATEGORIES, FAQ_ENTRIES, type FaqCategory } from '../content/faq';
import { openWhatsApp } from '../support-api';
import type { ContactDialogProps } from './contact-dialog';
import { ContactDialogFailed } from './contact-dialog-failed';

const ContactDialog = lazyWithRetry<ContactDialogProps>(
  () => import('./contact-dialog'),
  ContactDialogFailed,
  'Contact form',
);

function matches(text: string, words: string[]): boolean {
  const lower = text.toLowerCase();
  return words.every((word) => lower.includes(word));
}

/**
 * `/faq`: searchable questions with category chips, and a "Still need help?" box with WhatsApp
 * and the real contact form. The content is data (`content/faq.ts`).
 */
export function FaqPage({ getChatData }: { getChatData: () => ContactChatData | null }) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<FaqCategory | 'all'>('all');
  const [contactOpen, setContactOpen] = useState(false);
  const [contactUsed, setContactUsed] = useState(false);
  const [chatData, setChatData] = useState<ContactChatData | null>(null);
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);

  // /faq arrives prerendered (decision 028): words typed into the search before its script ran are
  // in the field (hydration leaves them) but not in the state. Take them over once it runs.
  useEffect(() => {
    const typed = searchRef.current?.value;
    if (typed) setQuery(typed);
  }, []);

  const visible = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return FAQ_ENTRIES.filter(
      (entry) =>
        (category === 'all' || entry.category === category) &&
        matches(`${entry.question} ${entry.answer.join(' ')}`, words),
    );
  }, [query, category]);

  const chips: Array<{ id: FaqCategory | 'all'; label: string }> = [{ id: 'all', label: 'All' }, ...FAQ_CATEGORIES];

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-4xl font-bold tracking-tight">Frequently asked questions</h1>
      <p className="mt-3 text-lg text-ink-muted">
        Straight answers about what works today and what is still being built.
      </p>

      <div className="mt-8">
        <label htmlFor={searchId} className="font-semibold">
          Search the questions
        </label>
        <div className="relative mt-1.5">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-muted"
          />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="For example: payment, availability, privacy"
            className="min-h-12 w-full rounded-lg border border-line-strong bg-surface pr-3 pl-10 text-base"
          />
        </div>
      </div>

      <div role="group" aria-label="Filter by topic" className="mt-4 flex flex-wrap gap-2">
        {chips.map((chip) => (
          <button
            key={chip.id}
            type="button"
            aria-pressed={category === chip.id}
            onClick={() => setCategory(chip.id)}
            className={cn(
              'min-h-11 rounded-full border px-4 text-sm font-semibold transition-colors',
              category === chip.id
                ? 'border-brand bg-brand text-white'
                : 'border-line-strong bg-surface text-ink hover:bg-brand-soft',
            )}
          >
            {chip.label}
          </button>
        ))}
      </div>

      <p role="status" className="mt-6 text-sm text-ink-muted">
        {visible.length === 1 ? '1 question' : `${visible.length} questions`}
      </p>
      {visible.length === 0 ? (
        <p className="mt-3 rounded-card border border-line bg-surface p-5">
          No question matches your search. Try another word, or ask us directly below.
        </p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {visible.map((entry) => (
            <li key={entry.id}>
              <details className="group rounded-card border border-line bg-surface open:shadow-sm">
                <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-card px-5 py-3 font-semibold hover:bg-brand-soft [&::-webkit-details-marker]:hidden">
                  {entry.question}
                  <span aria-hidden="true" className="text-xl text-brand transition-transform group-open:rotate-45">
                    +
                  </span>
                </summary>
                <div className="space-y-3 px-5 pb-5 text-ink-muted">
                  {entry.answer.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}

      <section
        aria-labelledby="still-need-help"
        className="mt-12 rounded-card border border-brand/20 bg-brand-soft p-6"
      >
        <h2 id="still-need-help" className="text-2xl font-bold">
          Still need help?
        </h2>
        <p className="mt-2 text-ink-muted">
          Our team is a message away. WhatsApp is quickest during working hours; the contact form reaches us any time.
        </p>
        <div className="mt-5 flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() =>
              void openWhatsApp().catch((error: unknown) => {
                console.warn('Could not open WhatsApp', error);
                toast.error('WhatsApp Support is not available right now. Please use the contact form.');
              })
            }
            className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-professional px-4 font-semibold text-white hover:bg-professional/90"
          >
            <MessageCircle aria-hidden="true" className="size-5" />
            WhatsApp Support
          </button>
          <Button
            variant="secondary"
            onClick={() => {
              setChatData(getChatData());
              setContactUsed(true);
              setContactOpen(true);
            }}
          >
            Contact Support
          </Button>
        </div>
      </section>
      {contactUsed && (
        <Suspense fallback={null}>
          <ContactDialog open={contactOpen} onOpenChange={setContactOpen} chatData={chatData} />
        </Suspense>
      )}
    </div>
  );
}
