import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { z } from 'zod';
import { render } from '@/testing/render';
import { applyFieldErrors, Form, FormTextField, useLazyZodForm, useZodForm, type SchemaLoader } from './form';

/**
 * The form layer in a real browser: what every form gets from it (label, required marker, error
 * beside the field, focus on the first error, a server's 422 fields beside their fields).
 */

const schema = z.object({
  name: z.string().trim().min(1, 'Please enter your name.'),
  email: z.email('Please enter a valid email address.'),
});
type Values = z.input<typeof schema>;

function ContactForm({
  summary,
  save,
}: {
  summary?: boolean;
  save: (values: z.output<typeof schema>) => Promise<Record<string, string> | undefined>;
}) {
  const form = useZodForm(schema, { defaultValues: { name: '', email: '' } satisfies Values });
  return (
    <Form
      form={form}
      summary={summary}
      onSubmit={async (values) => {
        const fields = await save(values);
        if (fields) applyFieldErrors(form, fields);
      }}
    >
      <FormTextField control={form.control} name="name" label="Your name" required />
      <FormTextField control={form.control} name="email" label="Email" type="email" hint="We reply here." />
      <button type="submit">Send</button>
    </Form>
  );
}

const name = () => page.getByLabelText('Your name');
const email = () => page.getByLabelText('Email');
const send = () => userEvent.click(page.getByRole('button', { name: 'Send' }));

describe('the form layer', () => {
  it('labels each field, marks the required one with *, and ties the hint to its input', async () => {
    render(<ContactForm save={() => Promise.resolve(undefined)} />);
    await expect.element(name()).toHaveAttribute('required');
    await expect.element(page.getByText('Your name*')).toBeInTheDocument();
    await expect.element(email()).not.toHaveAttribute('required');
    await expect.element(email()).toHaveAccessibleDescription('We reply here.');
    await expect.element(email()).toHaveAttribute('type', 'email');
  });

  it('on submit, shows each message beside its field and focuses the first invalid field', async () => {
    const save = vi.fn(() => Promise.resolve(undefined));
    render(<ContactForm save={save} />);
    await send();
    await expect.element(name()).toHaveFocus();
    await expect.element(name()).toHaveAttribute('aria-invalid', 'true');
    await expect.element(name()).toHaveAccessibleDescription('Please enter your name.');
    await expect.element(email()).toHaveAccessibleDescription('We reply here. Please enter a valid email address.');
    expect(save).not.toHaveBeenCalled();

    await userEvent.fill(name(), 'Keisha');
    await send();
    await expect.element(email()).toHaveFocus();
    await expect.element(name()).not.toHaveAttribute('aria-invalid');
    await expect.element(page.getByText('Please enter your name.')).not.toBeInTheDocument();
  });

  it('with a summary, says the first message once at the top and only marks the field', async () => {
    render(<ContactForm summary save={() => Promise.resolve(undefined)} />);
    await send();
    await expect.element(page.getByRole('alert')).toHaveTextContent('Please enter your name.');
    await expect.element(page.getByText('Please enter your name.')).toBeInTheDocument();
    await expect.element(name()).toHaveAttribute('aria-invalid', 'true');
    await expect.element(name()).not.toHaveAccessibleDescription('Please enter your name.');
  });

  it("puts a server's 422 fields beside their fields, focuses the first, and keeps what was typed", async () => {
    const save = vi.fn(() => Promise.resolve({ email: 'An account with this email already exists.' }));
    render(<ContactForm save={save} />);
    await userEvent.fill(name(), '  Keisha ');
    await userEvent.fill(email(), 'keisha@example.com');
    await send();
    await expect.element(email()).toHaveFocus();
    await expect
      .element(email())
      .toHaveAccessibleDescription('We reply here. An account with this email already exists.');
    // The schema's output went to the server (trimmed); the field keeps what was typed.
    expect(save).toHaveBeenCalledWith({ name: 'Keisha', email: 'keisha@example.com' });
    await expect.element(name()).toHaveValue('  Keisha ');
    await expect.element(email()).toHaveValue('keisha@example.com');
  });

  it('ignores a second submit while the first is still running', async () => {
    let finish: (value: undefined) => void = () => {};
    const save = vi.fn(() => new Promise<undefined>((resolve) => (finish = resolve)));
    render(<ContactForm save={save} />);
    await userEvent.fill(name(), 'Keisha');
    await userEvent.fill(email(), 'keisha@example.com');
    await send();
    await send();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(save).toHaveBeenCalledTimes(1);
    finish(undefined);
  });
});

/** The same form with its schema downloaded on first use (useLazyZodForm), as /auth's forms are. */
function LazyContactForm({
  load,
  save,
}: {
  load: SchemaLoader<Values, z.output<typeof schema>>;
  save: (values: z.output<typeof schema>) => void;
}) {
  const form = useLazyZodForm(load, { defaultValues: { name: '', email: '' } satisfies Values });
  return (
    <Form form={form} onSubmit={save}>
      <FormTextField control={form.control} name="name" label="Your name" required />
      <FormTextField control={form.control} name="email" label="Email" type="email" hint="We reply here." />
      <button type="submit">Send</button>
    </Form>
  );
}

describe('a form whose schema downloads on first use', () => {
  it('downloads nothing until the visitor starts, then checks with the same messages and focus', async () => {
    const load = vi.fn(() => Promise.resolve(schema));
    const save = vi.fn();
    render(<LazyContactForm load={load} save={save} />);
    await expect.element(name()).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();

    await userEvent.click(name());
    expect(load).toHaveBeenCalledTimes(1);
    await send();
    await expect.element(name()).toHaveFocus();
    await expect.element(name()).toHaveAccessibleDescription('Please enter your name.');
    await expect.element(email()).toHaveAccessibleDescription('We reply here. Please enter a valid email address.');
    expect(save).not.toHaveBeenCalled();

    await userEvent.fill(name(), '  Keisha ');
    await userEvent.fill(email(), 'keisha@example.com');
    await send();
    await vi.waitFor(() =>
      expect(save).toHaveBeenCalledWith({ name: 'Keisha', email: 'keisha@example.com' }, expect.anything()),
    );
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a submit before the download has finished waits for it', async () => {
    let arrive: (value: typeof schema) => void = () => {};
    const load = vi.fn(() => new Promise<typeof schema>((resolve) => (arrive = resolve)));
    const save = vi.fn();
    render(<LazyContactForm load={load} save={save} />);
    await send();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect.element(name()).not.toHaveAttribute('aria-invalid');
    arrive(schema);
    await expect.element(name()).toHaveAccessibleDescription('Please enter your name.');
    expect(save).not.toHaveBeenCalled();
  });

  it('when the schema cannot download, sends the values unchecked for the server to check', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    const save = vi.fn();
    render(<LazyContactForm load={load} save={save} />);
    await userEvent.fill(name(), 'Keisha');
    await send();
    // Tried three times (retryImport: after 0.5 s and 1 s), then the server decides.
    await vi.waitFor(() => expect(save).toHaveBeenCalledWith({ name: 'Keisha', email: '' }, expect.anything()), {
      timeout: 5_000,
    });
    expect(load).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });
});
