import type { TrainingOverview } from '@tavara/shared/training/training';
import { Award, Download, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { CERTIFICATE_PDF_URL, useIssueCertificate } from '../api/training-api';
import { formatIssueDate, verifyPath } from '../training-paths';

/**
 * The certificate of completion: how to earn it, "Get your certificate" once all seven modules
 * are complete, then the PDF and the code families can check. After a revocation it says so, and
 * offers nothing to click: only an admin can allow a new certificate.
 */
export function CertificatePanel({ data, viewer }: { data: TrainingOverview; viewer: string }) {
  const issue = useIssueCertificate(viewer);
  const cert = data.certificate;
  return (
    <section aria-labelledby="certificate-heading" className="rounded-card border border-line bg-surface p-5 sm:p-6">
      <h2 id="certificate-heading" className="flex items-center gap-2 text-xl font-bold">
        <Award aria-hidden="true" className="size-6 text-professional" />
        Your certificate
      </h2>
      {cert ? (
        <div className="mt-2 flex flex-col gap-3">
          <p>
            Issued to <span className="font-semibold">{cert.name}</span> on {formatIssueDate(cert.issuedAt)}.
          </p>
          <p>
            Verification code:{' '}
            <span className="font-mono font-semibold tracking-wide" data-testid="certificate-code">
              {cert.code}
            </span>
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild variant="professional">
              <a href={CERTIFICATE_PDF_URL} download>
                <Download aria-hidden="true" className="size-5" />
                Download certificate (PDF)
              </a>
            </Button>
            <Button asChild variant="secondary">
              <Link to={verifyPath(cert.code)}>
                <ShieldCheck aria-hidden="true" className="size-5" />
                See what families see
              </Link>
            </Button>
          </div>
        </div>
      ) : data.certificateRevoked ? (
        <Notice tone="warning" className="mt-3" title="Your certificate was revoked">
          <p>
            Its code no longer passes verification. A new certificate can be issued only after the Tavara team allows it
            — contact us if you think this is a mistake.
          </p>
        </Notice>
      ) : data.eligibleForCertificate ? (
        <div className="mt-2 flex flex-col gap-3">
          <p>You have completed all seven modules. Well done!</p>
          <Button
            variant="professional"
            className="self-start"
            aria-disabled={issue.isPending || undefined}
            onClick={() => {
              if (!issue.isPending) issue.mutate();
            }}
          >
            <Award aria-hidden="true" className="size-5" />
            {issue.isPending ? 'Preparing your certificate...' : 'Get your certificate'}
          </Button>
          {issue.isError && (
            <Notice tone="error" role="alert">
              {issue.error.message}
            </Notice>
          )}
        </div>
      ) : (
        <p className="mt-2 text-ink-muted">
          Complete all seven modules — every lesson, and each quiz at 80 % or more — to receive a certificate with a
          verification code that families can check.
        </p>
      )}
    </section>
  );
}
