import { Save } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ChatAnswerValue } from '@tavara/shared/registration-chat/chat-state';
import { isMultiSelectQuestion, REGISTRATION_FLOWS, type ChatQuestion } from '@tavara/shared/registration-chat/flows';
import {
  getRegistrationProblems,
  PROFILE_QUESTION_IDS,
  REGISTRATION_MESSAGES,
  type SavedRegistration,
} from '@tavara/shared/registration/registration';
import { ROLE_DASHBOARD_PATHS, type PublicRole } from '@tavara/shared/roles';
import { Button } from '@/components/ui/button';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { TextareaField } from '@/components/ui/textarea-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { loadAccount } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { saveRegistration } from '../registration-api';
import { clearDraft, saveDraft } from '../registration-storage';
import { PhotoField } from './photo-field';

type Answers = Record<string, ChatAnswerValue>;

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
  const [answers, setAnswers] = useState<Answers>(initialAnswers);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [photoUrl, setPhotoUrl] = useState(saved.photoUrl);
  const fieldRefs = useRef(new Map<string, HTMLElement>());
  const changed = useRef(false);
  const emailId = PROFILE_QUESTION_IDS[role].email;
  const flow = REGISTRATION_FLOWS[role];

  // The draft follows every change (not the first render: nothing was typed yet).
  useEffect(() => {
    if (changed.current) saveDraft(role, answers);
  }, [role, answers]);

  const setAnswer = (id: string, value: ChatAnswerValue) => {
    changed.current = true;
    setAnswers((current) => ({ ...current, [id]: value }));
    // A field already marked wrong is re-checked as it changes, so the message goes once fixed.
    if (errors[id]) {
      const problem = getRegistrationProblems(role, { ...answers, [id]: value })[id];
      setErrors(({ [id]: _, ...rest }) => (problem ? { ...rest, [id]: problem } : rest));
    }
  };

  /** Checks a typed field when the user leaves it (blank optional fields are fine). */
  const checkOnBlur = (id: string) => {
    const value = answers[id];
    if (value === undefined || value === '') return;
    const problem = getRegistrationProblems(role, answers)[id];
    if (problem) setErrors((current) => ({ ...current, [id]: problem }));
  };

  const showProblems = (problems: Record<string, string>) => {
    setErrors(problems);
    const order = flow.sections.flatMap((section) => section.questions.map((q) => q.id));
    const first = order.find((id) => problems[id]);
    if (first) fieldRefs.current.get(first)?.focus();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problems = getRegistrationProblems(role, answers);
    if (Object.keys(problems).length > 0) {
      showProblems(problems);
      toast.error(FIX_FIELDS_MESSAGE);
      return;
    }
    setBusy(true);
    try {
      await saveRegistration(role, answers);
      clearDraft(role);
      changed.current = false;
      // The post-login redirect and the navigation read profile completeness from here.
      await loadAccount().catch((error: unknown) => console.warn('Could not refresh the account', error));
      toast.success(REGISTRATION_MESSAGES.saved);
      void navigate(ROLE_DASHBOARD_PATHS[role]);
    } catch (error) {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
        showProblems(error.fields);
        toast.error(error.message);
      } else {
        toast.error(error instanceof Error ? error.message : 'Your registration could not be saved. Please try again.');
      }
    } finally {
      setBusy(false);
    }
  }

  const register = (id: string) => (element: HTMLElement | null) => {
    if (element) fieldRefs.current.set(id, element);
    else fieldRefs.current.delete(id);
  };

  function renderField(question: ChatQuestion) {
    const { id, label, required } = question;
    const value = answers[id];
    const error = errors[id];
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
      return isMultiSelectQuestion(question) ? (
        <ChoiceGroup
          key={id}
          multiple
          name={id}
          legend={label}
          choices={question.options}
          required={required}
          error={error}
          value={Array.isArray(value) ? value : []}
          onValueChange={(next) => setAnswer(id, next)}
          firstInputRef={register(id)}
        />
      ) : (
        <ChoiceGroup
          key={id}
          name={id}
          legend={label}
          choices={question.options}
          required={required}
          error={error}
          value={typeof value === 'string' ? value : undefined}
          onValueChange={(next) => setAnswer(id, next)}
          firstInputRef={register(id)}
        />
      );
    }
    const common = {
      label,
      name: id,
      required,
      error,
      placeholder: question.placeholder,
      value: typeof value === 'string' ? value : '',
      onBlur: () => checkOnBlur(id),
    };
    if (question.type === 'textarea') {
      return <TextareaField key={id} ref={register(id)} {...common} onChange={(e) => setAnswer(id, e.target.value)} />;
    }
    const inputProps =
      question.fieldType === 'phone'
        ? { type: 'tel', inputMode: 'tel' as const, autoComplete: 'tel' }
        : question.fieldType === 'name'
          ? { autoComplete: id === 'first_name' ? 'given-name' : id === 'last_name' ? 'family-name' : 'name' }
          : {};
    return (
      <TextField
        key={id}
        ref={register(id)}
        {...common}
        {...inputProps}
        onChange={(e) => setAnswer(id, e.target.value)}
      />
    );
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
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
    </form>
  );
}
