import { Save, ShieldCheck } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { get } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { PRODUCT_NAME } from '@tavara/shared/product';
import type { ChatAnswerValue } from '@tavara/shared/registration-chat/chat-state';
import { isMultiSelectQuestion, REGISTRATION_FLOWS, type ChatQuestion } from '@tavara/shared/registration-chat/flows';
import {
  PROFILE_QUESTION_IDS,
  REGISTRATION_MESSAGES,
  registrationAnswersSchema,
  type SavedRegistration,
} from '@tavara/shared/registration/registration';
import { ROLE_DASHBOARD_PATHS, type PublicRole } from '@tavara/shared/roles';
import { Button } from '@/components/ui/button';
import {
  applyFieldErrors,
  Form,
  FormChoiceGroup,
  FormTextareaField,
  FormTextField,
  useZodForm,
} from '@/components/ui/form';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { loadAccount } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { saveRegistration } from '../api/registration-api';
import { clearDraft, saveDraft } from '../registration-storage';
import { PhotoField } from './photo-field';

type Answers = Record<string, ChatAnswerValue>;

/** The professional's consent question (its answer must be 'yes'). */
const CONSENT_QUESTION_ID = 'consent';

/** A link to /terms or /privacy in a new tab: the form (and its draft) stays where it is. */
function LegalLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} target="_blank" className="font-semibold text-brand underline underline-offset-4">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </Link>
  );
}

/** The one-line note before the first health question (issue 14), as in the chat. */
function PrivacyNote() {
  return (
    <p className="flex items-start gap-2 rounded-lg bg-brand-soft px-3 py-2">
      <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
      <span>
        Health details you share are seen only by you and the {PRODUCT_NAME} team, never sold or made public.{' '}
        <LegalLink to="/privacy">Privacy Policy</LegalLink>
      </span>
    </p>
  );
}

const FIX_FIELDS_MESSAGE = 'Please check the highlighted fields.';

export interface RegistrationFormProps {
  readonly role: PublicRole;
  readonly email: string;
  readonly initialAnswers: Answers;
  readonly saved: SavedRegistration;
}

/**
 * One role's registration form: the chat's questions as fields (same ids, codes, validation and
 * messages), grouped by the chat's sections. Every change is kept as a local draft; a failed save
 * keeps everything on screen with the server's message beside each field.
 */
export function RegistrationForm({ role, email, initialAnswers, saved }: RegistrationFormProps) {
  const navigate = useNavigate();
  const schema = useMemo(() => registrationAnswersSchema(role), [role]);
  const form = useZodForm(schema, { defaultValues: initialAnswers });
  const busy = form.formState.isSubmitting;
  const [photoUrl, setPhotoUrl] = useState(saved.photoUrl);
  const emailId = PROFILE_QUESTION_IDS[role].email;
  const flow = REGISTRATION_FLOWS[role];
  const fieldOrder = useMemo(() => flow.sections.flatMap((section) => section.questions.map((q) => q.id)), [flow]);

  // The draft follows every change the person makes (not the first render: nothing was typed yet).
  useEffect(() => {
    const subscription = form.watch((values, { type }) => {
      if (type === 'change') saveDraft(role, values as Answers);
    });
    return () => subscription.unsubscribe();
  }, [form, role]);

  /** A field already marked wrong is re-checked as it changes, so the message goes once fixed. */
  const recheckIfWrong = (id: string) => {
    if (get(form.formState.errors, id)) void form.trigger(id);
  };

  /** Checks a typed field when the person leaves it (blank optional fields are fine). */
  const checkOnBlur = (id: string) => {
    const value = form.getValues(id);
    if (value !== undefined && value !== '') void form.trigger(id);
  };

  async function save(answers: Answers) {
    try {
      await saveRegistration(role, answers);
      clearDraft(role);
      // The post-login redirect and the navigation read profile completeness from here.
      await loadAccount().catch((error: unknown) => console.warn('Could not refresh the account', error));
      toast.success(REGISTRATION_MESSAGES.saved);
      void navigate(ROLE_DASHBOARD_PATHS[role]);
    } catch (error) {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
        // Beside their fields, focusing the first in the form's order.
        const ordered = Object.fromEntries(
          Object.entries(error.fields).sort(([a], [b]) => rank(fieldOrder, a) - rank(fieldOrder, b)),
        );
        applyFieldErrors(form, ordered);
        toast.error(error.message);
      } else {
        toast.error(error instanceof Error ? error.message : 'Your registration could not be saved. Please try again.');
      }
    }
  }

  function renderField(question: ChatQuestion) {
    // The form's own short label; the chat's spoken question ('And your last name?') is for the chat.
    const { id, formLabel: label, required } = question;
    if (id === emailId) {
      return (
        <TextField
          key={id}
          label="Email"
          type="email"
          name={id}
          value={email}
          readOnly
          hint="From your account: this is where we will write to you."
        />
      );
    }
    if (question.options && question.options.length > 0) {
      const group = (
        <FormChoiceGroup
          key={id}
          control={form.control}
          name={id}
          multiple={isMultiSelectQuestion(question)}
          legend={label}
          choices={question.options}
          required={required}
          onValueChange={() => recheckIfWrong(id)}
        />
      );
      if (id === CONSENT_QUESTION_ID) {
        return (
          <div key={id} className="flex flex-col gap-2">
            <p>
              Please read our <LegalLink to="/terms">Terms of Service</LegalLink> and{' '}
              <LegalLink to="/privacy">Privacy Policy</LegalLink> first.
            </p>
            {group}
          </div>
        );
      }
      if (question.privacyNoteBefore) {
        return (
          <div key={id} className="flex flex-col gap-3">
            <PrivacyNote />
            {group}
          </div>
        );
      }
      return group;
    }
    const common = {
      control: form.control,
      name: id,
      label,
      required,
      // A sample answer under the label, never a placeholder that looks like something typed.
      hint: question.example ? `e.g. ${question.example}` : undefined,
      onChange: () => recheckIfWrong(id),
      onBlur: () => checkOnBlur(id),
    };
    if (question.type === 'textarea') return <FormTextareaField key={id} {...common} />;
    const inputProps =
      question.fieldType === 'phone'
        ? { type: 'tel', inputMode: 'tel' as const, autoComplete: 'tel' }
        : question.fieldType === 'name'
          ? { autoComplete: id === 'first_name' ? 'given-name' : id === 'last_name' ? 'family-name' : 'name' }
          : {};
    return <FormTextField key={id} {...common} {...inputProps} />;
  }

  return (
    <Form form={form} onSubmit={save} onInvalid={() => toast.error(FIX_FIELDS_MESSAGE)} className="flex flex-col gap-6">
      <section className="rounded-card border border-line bg-surface p-5 sm:p-6">
        <PhotoField photoUrl={photoUrl} onUploaded={setPhotoUrl} />
      </section>
      {flow.sections.map((section) => (
        <section
          key={section.id}
          aria-labelledby={`section-${section.id}`}
          className="flex flex-col gap-5 rounded-card border border-line bg-surface p-5 sm:p-6"
        >
          <h2 id={`section-${section.id}`} className="text-xl font-semibold">
            {section.title}
          </h2>
          {section.questions.map(renderField)}
        </section>
      ))}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-muted">
          Fields marked <span className="text-danger">*</span> are required. You can change your answers later.
        </p>
        <Button type="submit" aria-disabled={busy || undefined}>
          <Save aria-hidden="true" className="size-5" />
          {busy ? 'Saving...' : saved.registeredAt ? 'Save Changes' : 'Complete Registration'}
        </Button>
      </div>
    </Form>
  );
}

/** A field's place in the form (unknown ids last). */
function rank(order: readonly string[], id: string): number {
  const index = order.indexOf(id);
  return index === -1 ? order.length : index;
}
