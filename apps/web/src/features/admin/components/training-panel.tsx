import { type AdminCertificate, certificateRevokeSchema } from '@tavara/shared/training/training';
import { Award, GraduationCap } from 'lucide-react';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { applyFieldErrors, Form, FormTextareaField, useZodForm } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import {
  useAdminCertificates,
  useAdminTrainingStats,
  useAllowReissue,
  useRevokeCertificate,
} from '../api/admin-training-api';
import { formatDate, formatDateTime, CARE_TIME_ZONE } from '@tavara/shared/time/format';
import { Pager } from './pager';
import { PanelEmpty, QueryPanel } from '@/components/query-panel';

/** The revoked or allowed row keeps its place, but its button is replaced: focus falls back here. */
const certificatesHeading = () => document.getElementById('certificates-heading');

function RevokeDialog({ certificate, onClose }: { certificate: AdminCertificate; onClose: () => void }) {
  const revoke = useRevokeCertificate();
  const form = useZodForm(certificateRevokeSchema, { defaultValues: { reason: '' } });
  const busy = form.formState.isSubmitting;
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent returnFocusTo={certificatesHeading}>
        <DialogTitle>Revoke the certificate of {certificate.name}?</DialogTitle>
        <DialogDescription className="mt-2">
          Code {certificate.code} will fail verification from now on, and {certificate.name} cannot get a new
          certificate until an admin allows it here. This is recorded in the audit log.
        </DialogDescription>
        <Form
          form={form}
          className="mt-5 flex flex-col gap-4"
          onSubmit={async ({ reason }) => {
            try {
              await revoke.mutateAsync({ id: certificate.id, reason });
              toast.success(`Certificate ${certificate.code} revoked.`);
              onClose();
            } catch (error) {
              if (!applyFieldErrors(form, error instanceof ApiError ? error.fields : undefined)) {
                toast.error(error instanceof Error ? error.message : 'The certificate could not be revoked.');
              }
            }
          }}
        >
          <FormTextareaField control={form.control} name="reason" label="Reason" required maxLength={300} />
          <div className="flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" className="bg-danger hover:bg-danger/90" aria-disabled={busy || undefined}>
              {busy ? 'Revoking...' : 'Revoke certificate'}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** Confirms lifting a revocation's hold: the old code stays revoked; the person may get a new one. */
function AllowReissueDialog({ certificate, onClose }: { certificate: AdminCertificate; onClose: () => void }) {
  const allow = useAllowReissue();
  return (
    <AlertDialog open onOpenChange={(open) => !open && !allow.isPending && onClose()}>
      <AlertDialogContent returnFocusTo={certificatesHeading}>
        <AlertDialogTitle>Allow {certificate.name} a new certificate?</AlertDialogTitle>
        <AlertDialogDescription className="mt-2">
          Code {certificate.code} stays revoked and keeps failing verification. {certificate.name} can then get a new
          certificate, with a new code, from their training page. This is recorded in the audit log.
        </AlertDialogDescription>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <AlertDialogCancel asChild>
            <Button variant="secondary">Cancel</Button>
          </AlertDialogCancel>
          {/* Not AlertDialog.Action: that closes at once; this stays open until the server answers. */}
          <Button
            aria-disabled={allow.isPending || undefined}
            onClick={() => {
              if (allow.isPending) return;
              allow.mutate(certificate.id, {
                onSuccess: () => {
                  toast.success(`${certificate.name} can get a new certificate.`);
                  onClose();
                },
                onError: (error) => toast.error(error.message),
              });
            }}
          >
            {allow.isPending ? 'Allowing...' : 'Allow a new certificate'}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The admin dashboard's Training tab: completion per module and the certificates issued. */
export function TrainingPanel() {
  const stats = useAdminTrainingStats();
  const [page, setPage] = useState(1);
  const certificates = useAdminCertificates(page);
  const [revoking, setRevoking] = useState<AdminCertificate | null>(null);
  const [allowing, setAllowing] = useState<AdminCertificate | null>(null);

  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="training-stats-heading">
        <h2 id="training-stats-heading" className="text-xl font-bold">
          Completion by module
        </h2>
        <div className="mt-4">
          <QueryPanel
            query={stats}
            loadingLabel="Loading the training figures..."
            errorTitle="The training figures could not be loaded"
          >
            {(data) => (
              <>
                <p className="mb-3 text-ink-muted">
                  {data.learners} {data.learners === 1 ? 'professional has' : 'professionals have'} started the training
                  · {data.certificatesActive} valid {data.certificatesActive === 1 ? 'certificate' : 'certificates'}
                </p>
                <div
                  className="overflow-x-auto rounded-card border border-line bg-surface"
                  tabIndex={0}
                  role="region"
                  // Not the section's own name (axe landmark-unique, issue 31): this is its table.
                  aria-label="Table of completion by module"
                >
                  <table className="w-full min-w-[36rem] text-left">
                    <thead className="border-b border-line bg-canvas text-sm text-ink-muted">
                      <tr>
                        <th scope="col" className="px-4 py-3">
                          Module
                        </th>
                        <th scope="col" className="px-4 py-3 text-right">
                          Finished the lessons
                        </th>
                        <th scope="col" className="px-4 py-3 text-right">
                          Passed the quiz
                        </th>
                        <th scope="col" className="px-4 py-3 text-right">
                          Quiz attempts
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-line">
                      {data.modules.map((m) => (
                        <tr key={m.id}>
                          <th scope="row" className="px-4 py-3 font-semibold">
                            {m.title}
                          </th>
                          <td className="px-4 py-3 text-right tabular-nums">{m.lessonsCompleted}</td>
                          <td className="px-4 py-3 text-right tabular-nums">{m.quizPassed}</td>
                          <td className="px-4 py-3 text-right tabular-nums">{m.attempts}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </QueryPanel>
        </div>
      </section>

      <section aria-labelledby="certificates-heading">
        <h2 id="certificates-heading" className="text-xl font-bold">
          Certificates
        </h2>
        <div className="mt-4">
          <QueryPanel
            query={certificates}
            loadingLabel="Loading the certificates..."
            errorTitle="The certificates could not be loaded"
            isEmpty={(data) => data.certificates.length === 0}
            empty={
              <PanelEmpty icon={<Award aria-hidden="true" className="size-8" />} title="No certificates yet">
                Certificates appear here when a professional completes all seven modules.
              </PanelEmpty>
            }
          >
            {(data) => (
              <>
                <ul className="flex flex-col divide-y divide-line rounded-card border border-line bg-surface">
                  {data.certificates.map((c) => (
                    <li
                      key={c.id}
                      className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
                    >
                      <div className="min-w-0">
                        <p className="font-semibold break-words">
                          {c.name} <span className="font-normal text-ink-muted">{c.email ?? 'account deleted'}</span>
                        </p>
                        <p className="text-sm text-ink-muted">
                          <span className="font-mono">{c.code}</span> · issued {formatDate(c.issuedAt, CARE_TIME_ZONE)}
                          {c.revokedAt &&
                            ` · revoked ${formatDateTime(c.revokedAt, CARE_TIME_ZONE)}: ${c.revokeReason ?? ''}`}
                        </p>
                      </div>
                      {c.revokedAt ? (
                        <div className="flex flex-wrap items-center gap-2 self-start sm:self-center">
                          <span className="rounded-full bg-danger-soft px-3 py-1 text-sm font-semibold text-danger">
                            Revoked
                          </span>
                          {c.reissueAllowedAt ? (
                            <span className="text-sm text-ink-muted">
                              New certificate allowed {formatDate(c.reissueAllowedAt, CARE_TIME_ZONE)}
                            </span>
                          ) : (
                            <Button variant="secondary" onClick={() => setAllowing(c)}>
                              Allow a new certificate<span className="sr-only"> for {c.name}</span>
                            </Button>
                          )}
                        </div>
                      ) : (
                        <Button
                          variant="secondary"
                          className="self-start sm:self-center"
                          onClick={() => setRevoking(c)}
                        >
                          Revoke<span className="sr-only"> the certificate of {c.name}</span>
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
                <Pager
                  label="Certificate pages"
                  page={page}
                  pageSize={data.pageSize}
                  total={data.total}
                  onPage={setPage}
                />
              </>
            )}
          </QueryPanel>
        </div>
      </section>
      {revoking && <RevokeDialog certificate={revoking} onClose={() => setRevoking(null)} />}
      {allowing && <AllowReissueDialog certificate={allowing} onClose={() => setAllowing(null)} />}
      <p className="flex items-center gap-2 text-ink-muted">
        <GraduationCap aria-hidden="true" className="size-5" />
        Lesson and quiz content changes through the content files and a release (see the README); there is no editor
        here.
      </p>
    </div>
  );
}
