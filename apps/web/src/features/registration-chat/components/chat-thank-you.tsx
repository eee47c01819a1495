import { CircleCheck } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { useChatContact } from '../chat-contact';

/** Spec §2: the panel a completed chat shows. */
export function ChatThankYou({ onStartNewChat }: { onStartNewChat: () => void }) {
  const headingId = useId();
  const { whatsAppUrl, emailUrl } = useChatContact();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card border border-line bg-success-soft p-4 text-center"
      data-testid="chat-thank-you"
    >
      <CircleCheck aria-hidden="true" className="mx-auto size-10 text-success" />
      <h3 id={headingId} className="mt-2 text-xl font-bold">
        Thank You!
      </h3>
      <p className="mt-1">Your registration information has been saved.</p>
      <h4 className="mt-4 font-semibold">What happens next?</h4>
      <p className="mt-1">Our team will review your information and get back to you soon.</p>
      <div className="mt-4 flex flex-col gap-2">
        <Button asChild>
          <a href={whatsAppUrl} target="_blank" rel="noopener noreferrer">
            Contact via WhatsApp<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
        <Button asChild variant="secondary">
          <a href={emailUrl}>Email Us</a>
        </Button>
        <Button variant="secondary" onClick={onStartNewChat}>
          Start a new chat
        </Button>
      </div>
    </section>
  );
}
