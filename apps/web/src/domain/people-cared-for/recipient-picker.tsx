import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Form, FormTextField, useZodForm } from '@/components/ui/form';
import { cn } from '@/lib/cn';

/** Someone not named yet: their name, spaces tidied (the server compares names the same way). */
const newPersonSchema = z.object({
  name: z
    .string()
    .transform((name) => name.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, 'Please enter the name of the person you care for.')),
});

/**
 * Whom a family page is about (issue 19: one assessment and one story per person cared for):
 * the people the family named at registration and in care plans, and a way to add someone else.
 * With nobody known yet, it asks for the name first.
 */
export function RecipientPicker({
  names,
  selected,
  onSelect,
  addLabel = 'Someone else',
}: {
  names: readonly string[];
  selected: string | null;
  onSelect: (name: string) => void;
  addLabel?: string;
}) {
  const [adding, setAdding] = useState(names.length === 0);
  const form = useZodForm(newPersonSchema, { defaultValues: { name: '' } });
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="rounded-card border border-line bg-surface p-4 sm:p-5">
      <h2 id={headingId} className="font-semibold">
        {names.length === 0 ? 'Who do you care for?' : 'Who is this for?'}
      </h2>
      {names.length > 0 && (
        <div className="mt-3 flex flex-wrap gap-2">
          {names.map((name) => (
            <Button
              key={name}
              variant={name === selected ? 'primary' : 'secondary'}
              aria-pressed={name === selected}
              onClick={() => {
                setAdding(false);
                onSelect(name);
              }}
            >
              {name}
            </Button>
          ))}
          {!adding && (
            <Button variant="ghost" onClick={() => setAdding(true)}>
              <UserPlus aria-hidden="true" className="size-5" />
              {addLabel}
            </Button>
          )}
        </div>
      )}
      {adding && (
        <Form
          form={form}
          className={cn('flex flex-wrap items-end gap-3', names.length > 0 && 'mt-4')}
          onSubmit={({ name }) => {
            setAdding(false);
            form.reset();
            onSelect(name);
          }}
        >
          <FormTextField
            control={form.control}
            name="name"
            label="Their name"
            className="min-w-0 flex-1 basis-56"
            autoComplete="off"
            maxLength={120}
          />
          <Button type="submit">Continue</Button>
        </Form>
      )}
    </section>
  );
}
