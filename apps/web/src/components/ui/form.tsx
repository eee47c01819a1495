import { zodResolver } from '@hookform/resolvers/zod';
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type FormHTMLAttributes,
  type ReactNode,
} from 'react';
import {
  FormProvider,
  get,
  useController,
  useForm,
  useFormState,
  type Control,
  type ControllerRenderProps,
  type FieldErrors as HookFieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type * as z from 'zod/v4/core';
import type { FieldErrors } from '@tavara/shared/validation/field-errors';
import { cn } from '@/lib/cn';
import { retryImport } from '@/lib/lazy-with-retry';
import { useHydrated } from '@/lib/use-hydrated';
import { ChoiceGroup, type Choice } from './choice-group';
import { describedByIds, FieldError, FieldHint, FieldLabel } from './field-message';
import { Notice } from './notice';
import { TextField, type TextFieldProps } from './text-field';
import { TextareaField, type TextareaFieldProps } from './textarea-field';

/**
 * The form layer: every form is react-hook-form checked by the same zod schema the server uses
 * (packages/shared), so the browser and the API give the same words. One shape for all forms:
 *
 * ```tsx
 * const form = useZodForm(loginSchema, { defaultValues: { email: '', password: '' } });
 * const busy = form.formState.isSubmitting;
 * <Form form={form} summary onSubmit={async (values) => {
 *   try { await save(values); }
 *   catch (error) { if (!applyFieldErrors(form, fieldErrorsOf(error))) toast.error(…); }
 * }}>
 *   <FormTextField control={form.control} name="email" label="Email" type="email" required />
 *   <Button type="submit" aria-disabled={busy || undefined}>{busy ? 'Saving...' : 'Save'}</Button>
 * </Form>
 * ```
 *
 * What every form gets from it, so no page writes it again:
 * - values live in the form, never reset by an error: nothing typed is lost;
 * - checked on submit and again on the next submit (not while typing: the message stays beside
 *   the field until the person tries again, as the spec's forms always behaved);
 * - focus moves to the first invalid field (in the order the fields are rendered);
 * - the label, the hint (description), the required marker `*` and the error message, tied to
 *   the control with aria-describedby/aria-invalid (field-message.tsx);
 * - a second submit while one is running is ignored;
 * - a server's 422 `fields` (built by the shared `toFieldErrors`, the same names as the form's
 *   fields) go beside their fields with `applyFieldErrors`.
 */

/** Options of `useZodForm`: react-hook-form's, without the resolver (the schema is the resolver). */
export type ZodFormOptions<Input extends FieldValues, Output> = Omit<UseFormProps<Input, unknown, Output>, 'resolver'>;

/** Checked on submit and again on the next submit, never while typing; focus to the first error. */
const CHECK_ON_SUBMIT = { mode: 'onSubmit', reValidateMode: 'onSubmit', shouldFocusError: true } as const;

/**
 * `useForm` checked by a zod schema: values typed as the schema's input, `onSubmit` receives its
 * output (trimmed, transformed). Checks on submit; after a failed submit, again on the next.
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.$ZodType<Output, Input>,
  options: ZodFormOptions<Input, Output> = {},
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({ ...CHECK_ON_SUBMIT, ...options, resolver: zodResolver(schema) });
}

/** Downloads a form's schema, e.g. `() => import('@tavara/shared/auth/login.schema').then((m) => m.loginSchema)`. */
export type SchemaLoader<Input extends FieldValues, Output> = () => Promise<z.$ZodType<Output, Input>>;

/**
 * A resolver that downloads its schema on first use, retried like a lazy page. If the download
 * still fails (the connection dropped after the page loaded), the values go to `onSubmit`
 * unchecked: the server checks the same schema and answers with the same words (422 `fields`),
 * or the request fails as any request does offline — rather than a form stuck at 'Saving...'.
 */
function lazyZodResolver<Input extends FieldValues, Output>(load: SchemaLoader<Input, Output>) {
  let loading: Promise<Resolver<Input, unknown, Output> | null> | undefined;
  let ready: Resolver<Input, unknown, Output> | undefined;
  const resolverOnce = () =>
    (loading ??= retryImport(load).then(
      (schema) => (ready = zodResolver(schema) as Resolver<Input, unknown, Output>),
      (error: unknown) => {
        console.warn('The form could not load its checks; the server will check it', error);
        loading = undefined;
        return null;
      },
    ));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => {
    // Offline before the checks arrived: hand the values on at once, so the request fails
    // visibly now rather than after the download's retries (the server checks the same schema).
    const resolve = ready ?? (navigator.onLine ? await resolverOnce() : null);
    return resolve ? resolve(values, context, options) : { values: values as unknown as Output, errors: {} };
  };
  return { resolver, preload: () => void resolverOnce() };
}

/** The visitor starting on the page: time to fetch what a submit will need. */
const FIRST_INTERACTION = ['focusin', 'pointerdown', 'keydown'] as const;

/**
 * `useZodForm` with the schema downloaded when the form is first used rather than with the page:
 * zod and the shared schemas (~30 kB gzip) stay out of a prerendered page's first load
 * (issue 23: /auth). The download starts at the visitor's first focus, tap or key press on the
 * page, so it is there by the time they submit; a submit before that waits for it. The messages
 * are the schema's, exactly as with `useZodForm`.
 */
export function useLazyZodForm<Input extends FieldValues, Output>(
  load: SchemaLoader<Input, Output>,
  options: ZodFormOptions<Input, Output> = {},
): UseFormReturn<Input, unknown, Output> {
  const [{ resolver, preload }] = useState(() => lazyZodResolver(load));
  useEffect(() => {
    const start = () => {
      FIRST_INTERACTION.forEach((type) => window.removeEventListener(type, start, true));
      preload();
    };
    FIRST_INTERACTION.forEach((type) => window.addEventListener(type, start, { capture: true, passive: true }));
    return () => FIRST_INTERACTION.forEach((type) => window.removeEventListener(type, start, true));
  }, [preload]);
  return useForm<Input, unknown, Output>({ ...CHECK_ON_SUBMIT, ...options, resolver });
}

/** The first message in react-hook-form's errors, depth-first in the order the schema reported them. */
export function firstErrorMessage(errors: HookFieldErrors): string | undefined {
  for (const value of Object.values(errors) as unknown[]) {
    if (typeof value !== 'object' || value === null) continue;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
    const nested = firstErrorMessage(value as HookFieldErrors);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * Puts a server's per-field messages (the 422 `fields` of ApiError / AuthRequestError) beside
 * their fields and focuses the first. Returns whether there were any, so the caller can fall
 * back to a toast or a notice. `_` (a problem of the whole form) is left to the caller.
 */
export function applyFieldErrors<Input extends FieldValues>(
  form: Pick<UseFormReturn<Input, unknown, unknown>, 'setError'>,
  fields: FieldErrors | undefined,
): boolean {
  const names = Object.keys(fields ?? {}).filter((name) => name !== '_');
  names.forEach((name, index) => {
    form.setError(name as FieldPath<Input>, { type: 'server', message: fields?.[name] }, { shouldFocus: index === 0 });
  });
  return names.length > 0;
}

/** The summary message of a form with `summary`, so fields do not repeat it. */
const SummaryContext = createContext<string | undefined>(undefined);

export interface FormProps<Input extends FieldValues, Output> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'onInvalid' | 'children'
> {
  form: UseFormReturn<Input, unknown, Output>;
  /** Called with the schema's output once the values pass. Await the server here. */
  onSubmit: (values: Output) => unknown;
  /** Called when the values do not pass, with the first message (e.g. to toast it too). */
  onInvalid?: (summary: string) => void;
  /** Runs before the values are checked; `false` stops the submit (e.g. an attempt limit comes first). */
  beforeValidate?: () => boolean;
  /**
   * Show the first message once at the top (role="alert"); a field whose message is that same
   * text is then only marked invalid, not told twice ('Please fill in all required fields.').
   * A function renders the summary itself.
   */
  summary?: boolean | ((message: string) => ReactNode);
  children: ReactNode;
}

/**
 * A `<form noValidate>` bound to a `useZodForm` form (the browser's own bubbles are replaced by
 * our messages, which read the same on every phone).
 */
export function Form<Input extends FieldValues, Output>({
  form,
  onSubmit,
  onInvalid,
  beforeValidate,
  summary,
  children,
  ...props
}: FormProps<Input, Output>) {
  const running = useRef(false);
  const hydrated = useHydrated();
  // Read in render so the summary follows the errors (react-hook-form subscribes on read).
  const message = summary ? firstErrorMessage(form.formState.errors) : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The submit buttons use aria-disabled (they stay focusable), so a second press lands here.
    if (running.current) return;
    if (beforeValidate && !beforeValidate()) return;
    running.current = true;
    void form
      .handleSubmit(onSubmit, (errors) => onInvalid?.(firstErrorMessage(errors) ?? ''))(event)
      .finally(() => {
        running.current = false;
      });
  };

  return (
    <FormProvider {...form}>
      <SummaryContext.Provider value={message}>
        <form noValidate onSubmit={submit} {...props}>
          {message &&
            (typeof summary === 'function' ? (
              summary(message)
            ) : (
              <Notice tone="error" role="alert">
                {message}
              </Notice>
            ))}
          {/* Until hydration the fields wait (lib/use-hydrated): typed text would be reset by the
              form's registration, and a native submit would put the fields in the address. */}
          <fieldset disabled={!hydrated || undefined} className="contents">
            {children}
          </fieldset>
        </form>
      </SummaryContext.Provider>
    </FormProvider>
  );
}

/**
 * The message to show beside field `name`: undefined when valid, '' when the form's summary
 * already says it (marked invalid without repeating it), else the message.
 */
export function useFieldError<Input extends FieldValues>(
  control: Control<Input, unknown, unknown>,
  name: FieldPath<Input>,
): string | undefined {
  const { errors } = useFormState({ control, name });
  const summary = useContext(SummaryContext);
  const error = get(errors, name) as { message?: string } | undefined;
  if (!error) return undefined;
  const message = error.message ?? '';
  return message === summary ? '' : message;
}

/** What every bound field takes: the form's `control` (types the `name`) and the field's name. */
interface Bound<Input extends FieldValues> {
  control: Control<Input, unknown, unknown>;
  name: FieldPath<Input>;
}

export type FormTextFieldProps<Input extends FieldValues> = Bound<Input> &
  Omit<TextFieldProps, 'name' | 'error' | 'value' | 'defaultValue' | 'ref'>;

/**
 * A TextField bound to the form (text, e-mail, password…). `type="email"` brings the e-mail
 * keyboard and autofill. `onChange`/`onBlur` still run after the form has the value.
 */
export function FormTextField<Input extends FieldValues>({
  control,
  name,
  onChange,
  onBlur,
  ...props
}: FormTextFieldProps<Input>) {
  const error = useFieldError(control, name);
  const emailDefaults =
    props.type === 'email' ? ({ autoComplete: 'email', inputMode: 'email' } as const) : ({} as const);
  return <TextField {...emailDefaults} {...props} {...control.register(name, { onChange, onBlur })} error={error} />;
}

export type FormTextareaFieldProps<Input extends FieldValues> = Bound<Input> &
  Omit<TextareaFieldProps, 'name' | 'error' | 'value' | 'defaultValue' | 'ref'>;

/** A TextareaField bound to the form. */
export function FormTextareaField<Input extends FieldValues>({
  control,
  name,
  onChange,
  onBlur,
  ...props
}: FormTextareaFieldProps<Input>) {
  const error = useFieldError(control, name);
  return <TextareaField {...props} {...control.register(name, { onChange, onBlur })} error={error} />;
}

export type FormChoiceGroupProps<Input extends FieldValues> = Bound<Input> & {
  legend: string;
  choices: readonly Choice[];
  /** Checkboxes (the value is a list) instead of radios (one value). */
  multiple?: boolean;
  required?: boolean;
  hint?: string;
  className?: string;
  /** Runs after the form has the new value (like a text field's `onChange`). */
  onValueChange?: (value: string | string[]) => void;
};

/** A ChoiceGroup (radios, or checkboxes with `multiple`) bound to the form; focus goes to its first input. */
export function FormChoiceGroup<Input extends FieldValues>({
  control,
  name,
  multiple,
  onValueChange,
  ...props
}: FormChoiceGroupProps<Input>) {
  const { field } = useController({ control, name });
  const error = useFieldError(control, name);
  const change = (value: string | string[]) => {
    field.onChange(value);
    onValueChange?.(value);
  };
  return multiple ? (
    <ChoiceGroup
      {...props}
      multiple
      name={name}
      value={(field.value as string[] | undefined) ?? []}
      onValueChange={change}
      firstInputRef={field.ref}
      error={error}
    />
  ) : (
    <ChoiceGroup
      {...props}
      name={name}
      value={field.value as string | undefined}
      onValueChange={change}
      firstInputRef={field.ref}
      error={error}
    />
  );
}

/** The props a custom control spreads on itself: its id and the ARIA ties to hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  required: boolean | undefined;
}

export interface FormFieldProps<Input extends FieldValues> extends Bound<Input> {
  label: ReactNode;
  /** Read with the control (aria-describedby). */
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** The control: spread `control` on it and wire `field` (value, onChange, onBlur, ref). */
  render: (props: { control: FieldControlProps; field: ControllerRenderProps<Input, FieldPath<Input>> }) => ReactNode;
}

/**
 * Any other control (a file input, a date picker…) with the same label, hint, required marker
 * and error message as the text fields. The value lives in the form like any other field.
 */
export function FormField<Input extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  className,
  render,
}: FormFieldProps<Input>) {
  const id = useId();
  const { field } = useController({ control, name });
  const error = useFieldError(control, name);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
      {render({
        control: {
          id,
          'aria-invalid': error !== undefined || undefined,
          'aria-describedby': describedByIds(id, hint, error),
          required,
        },
        field,
      })}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export type FormCheckboxFieldProps<Input extends FieldValues> = Bound<Input> & {
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
};

/** One checkbox with its label beside it (a 44 px tall target), bound to a boolean field. */
export function FormCheckboxField<Input extends FieldValues>({
  control,
  name,
  label,
  hint,
  className,
}: FormCheckboxFieldProps<Input>) {
  const id = useId();
  const error = useFieldError(control, name);
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          id={id}
          type="checkbox"
          className="size-5 shrink-0 accent-brand"
          aria-describedby={describedByIds(id, hint, error)}
          {...control.register(name)}
        />
        <span>{label}</span>
      </label>
      <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
