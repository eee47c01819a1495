import { DOCUMENT_KIND_OPTIONS } from '@tavara/shared/professional-profile/professional-documents';
import { getCodeLabel } from '@tavara/shared/codes/code-option';
import { FileCheck } from 'lucide-react';
import { PanelEmpty, QueryPanel } from '@/components/query-panel';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useDocumentsToVerify, useVerifyDocument } from '../api/admin-api';
import { formatDateTime, VIEWER_TIME_ZONE } from '@tavara/shared/time/format';

/** Professionals' uploaded documents: open one, check it, mark it "Verified by Tavara" (audited). */
export function DocumentsToVerifyPanel() {
  const documents = useDocumentsToVerify();
  const verify = useVerifyDocument();
  return (
    <section aria-labelledby="documents-verify-title">
      <h2 id="documents-verify-title" className="mb-4 text-2xl font-semibold">
        Documents to verify
      </h2>
      <QueryPanel
        query={documents}
        loadingLabel="Loading documents..."
        errorTitle="The documents could not be loaded"
        isEmpty={(data) => data.documents.length === 0}
        empty={
          <PanelEmpty icon={<FileCheck aria-hidden="true" className="size-8" />} title="Nothing to verify">
            Certifications and police certificates professionals upload appear here.
          </PanelEmpty>
        }
      >
        {(data) => (
          <ul className="flex flex-col gap-3">
            {data.documents.map((doc) => (
              <li
                key={doc.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-line bg-surface p-4"
              >
                <div className="min-w-0">
                  <a
                    href={`/api/professional/documents/${doc.id}/file`}
                    target="_blank"
                    rel="noopener"
                    className="font-semibold text-brand underline underline-offset-2"
                  >
                    {doc.title}
                  </a>
                  <p className="text-sm text-ink-muted">
                    {getCodeLabel(DOCUMENT_KIND_OPTIONS, doc.kind)} · {doc.owner.name} ({doc.owner.email}) ·{' '}
                    {formatDateTime(doc.createdAt, VIEWER_TIME_ZONE)}
                  </p>
                </div>
                <Button
                  aria-disabled={verify.isPending || undefined}
                  aria-label={`Mark verified: ${doc.title}`}
                  onClick={async () => {
                    try {
                      await verify.mutateAsync(doc.id);
                      toast.success('Marked “Verified by Tavara”.');
                    } catch (error) {
                      toast.error(error instanceof Error ? error.message : 'That did not work.');
                    }
                  }}
                >
                  Mark verified
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryPanel>
    </section>
  );
}
