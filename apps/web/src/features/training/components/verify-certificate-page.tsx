import { normalizeCertificateCode } from '@tavara/shared/training/certificate-code';
import { certificateCodeFormSchema } from '@tavara/shared/training/certificate-code-form';
import { BadgeCheck, RotateCw, ShieldX, WifiOff } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Form, FormTextField, useZodForm } from '@/components/ui/form';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api-client';
import { useCertificateVerification } from '../api/training-api';
import { formatIssueDate, verifyPath } from '../training-paths';
import { TrainingLoading, TrainingShell } from './training-states';

/**
 * The server's answer that the code is not a valid certificate: 404 (unknown or revoked), or 400
 * (a code that cannot be one: the address is not valid). Anything else — offline, a 5xx, too many requests — says nothing
 * about the certificate, so it must not tell a family that their caregiver's claim is false.
 */
const isInvalidAnswer = (error: Error) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * /verify-certificate and /verify-certificate/:code (ours, issue 21): anyone — a family checking
 * a caregiver's claim — enters the code printed on a Tavara training certificate. A valid code
 * shows the name and the date and nothing else; a revoked or unknown one says so; when the check
 * itself fails it says the code could not be checked, with a retry.
 */
export function VerifyCertificatePage() {
  const { code: rawCode = '' } = useParams();
  const code = rawCode ? normalizeCertificateCode(rawCode) : '';
  const verification = useCertificateVerification(code);
  const navigate = useNavigate();
  const form = useZodForm(certificateCodeFormSchema, { defaultValues: { code } });

  return (
    <TrainingShell>
      <h1 className="text-3xl font-bold tracking-tight">Verify a training certificate</h1>
      <p className="mt-2 text-lg text-ink-muted">
        Tavara training certificates carry a verification code. Enter it here to confirm that the certificate is genuine
        and still valid.
      </p>

      {code && (
        <div className="mt-6" aria-live="polite">
          {verification.isPending ? (
            <TrainingLoading label="Checking the code" />
          ) : verification.isError && isInvalidAnswer(verification.error) ? (
            <div
              className="flex items-start gap-3 rounded-card border border-danger/40 bg-danger-soft p-5"
              role="alert"
            >
              <ShieldX aria-hidden="true" className="size-8 shrink-0 text-danger" />
              <div>
                <p className="text-lg font-bold text-danger">Not a valid certificate</p>
                <p className="mt-1">{verification.error.message}</p>
                <p className="mt-1 text-ink-muted">
                  Code checked: <span className="font-mono">{code}</span>
                </p>
              </div>
            </div>
          ) : verification.isError ? (
            <div className="flex items-start gap-3 rounded-card border border-line bg-surface p-5" role="alert">
              <WifiOff aria-hidden="true" className="size-8 shrink-0 text-ink-muted" />
              <div>
                <p className="text-lg font-bold">We could not check this code</p>
                <p className="mt-1">{verification.error.message} This does not mean the certificate is invalid.</p>
                <p className="mt-1 text-ink-muted">
                  Code to check: <span className="font-mono">{code}</span>
                </p>
                <Button
                  variant="secondary"
                  className="mt-3"
                  aria-disabled={verification.isFetching || undefined}
                  onClick={() => {
                    if (!verification.isFetching) void verification.refetch();
                  }}
                >
                  <RotateCw aria-hidden="true" className={verification.isFetching ? 'size-5 animate-spin' : 'size-5'} />
                  {verification.isFetching ? 'Checking...' : 'Try again'}
                </Button>
              </div>
            </div>
          ) : (
            <div
              className="flex items-start gap-3 rounded-card border border-success/40 bg-success-soft p-5"
              role="status"
            >
              <BadgeCheck aria-hidden="true" className="size-8 shrink-0 text-success" />
              <div>
                <p className="text-lg font-bold text-success">Valid certificate</p>
                <p className="mt-1 text-lg" data-testid="verified-statement">
                  <span className="font-semibold">{verification.data.name}</span> completed the Tavara caregiver
                  training programme on {formatIssueDate(verification.data.issuedAt)}.
                </p>
                <p className="mt-1 text-ink-muted">
                  Code checked: <span className="font-mono">{code}</span>
                </p>
              </div>
            </div>
          )}
        </div>
      )}

      <Form
        form={form}
        onSubmit={({ code: typed }) => navigate(verifyPath(typed))}
        className="mt-8 flex flex-col gap-3 rounded-card border border-line bg-surface p-5"
      >
        <FormTextField
          control={form.control}
          name="code"
          label={code ? 'Check another code' : 'Verification code'}
          hint="It looks like TVR-XXXX-XXXX-XXXX."
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit" className="self-start">
          Check the code
        </Button>
      </Form>
      <Notice tone="info" className="mt-6">
        The certificate records that the person completed Tavara’s online lessons and passed each module’s quiz. It is
        not a nursing or medical licence.
      </Notice>
    </TrainingShell>
  );
}
