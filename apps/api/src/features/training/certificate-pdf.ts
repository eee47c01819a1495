import { CARE_TIME_ZONE, formatLongDate } from '@tavara/shared/time/format';

export interface CertificatePdfInput {
  name: string;
  issuedAt: Date;
  code: string;
  /** Where anyone can check the code, e.g. https://care.example.tt/verify-certificate/TVR-… */
  verifyUrl: string;
  moduleTitles: string[];
}

/** "25 November 2026", in Trinidad and Tobago's time zone (the same words as the web's certificate panel). */
export const formatIssueDate = (date: Date): string => formatLongDate(date, CARE_TIME_ZONE);

const GREEN = '#1f6f4a';
const INK = '#1f2933';
const MUTED = '#52606d';

/**
 * The certificate of completion as a one-page A4 landscape PDF (pdfkit, the built-in Helvetica
 * fonts: nothing to load from disk, a few milliseconds to draw — measured in the API test).
 */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  // Loaded on the first certificate, not at start-up: pdfkit holds ~25 MB that a server which
  // never draws one should not keep (decision 034, memory).
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margin: 56,
      info: { Title: 'Tavara training certificate', Author: 'Tavara', Subject: `Certificate ${input.code}` },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const { width, height } = doc.page;
    doc
      .lineWidth(3)
      .strokeColor(GREEN)
      .rect(28, 28, width - 56, height - 56)
      .stroke();
    doc
      .lineWidth(1)
      .rect(36, 36, width - 72, height - 72)
      .stroke();

    const textWidth = width - 112;
    doc
      .fillColor(GREEN)
      .font('Helvetica-Bold')
      .fontSize(16)
      .text('TAVARA', 56, 72, { width: textWidth, align: 'center', characterSpacing: 4 });
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(11)
      .text('It takes a village to care', { width: textWidth, align: 'center' });
    doc.moveDown(1.5);
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(30)
      .text('Certificate of Completion', { width: textWidth, align: 'center' });
    doc.moveDown(0.8);
    doc
      .font('Helvetica')
      .fontSize(13)
      .fillColor(MUTED)
      .text('This certifies that', { width: textWidth, align: 'center' });
    doc.moveDown(0.4);
    doc.font('Helvetica-Bold').fontSize(26).fillColor(INK).text(input.name, { width: textWidth, align: 'center' });
    doc.moveDown(0.5);
    doc
      .font('Helvetica')
      .fontSize(13)
      .fillColor(INK)
      .text('has completed the Tavara caregiver training programme, passing the quiz of each of its seven modules:', {
        width: textWidth,
        align: 'center',
      });
    doc.moveDown(0.4);
    doc.fontSize(10.5).fillColor(MUTED).text(input.moduleTitles.join('  ·  '), { width: textWidth, align: 'center' });
    doc.moveDown(1.2);
    doc
      .fontSize(13)
      .fillColor(INK)
      .text(`Issued on ${formatIssueDate(input.issuedAt)}`, { width: textWidth, align: 'center' });

    const footerY = height - 130;
    doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text(`Verification code: ${input.code}`, 56, footerY, {
      width: textWidth,
      align: 'center',
    });
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`Check this certificate at ${input.verifyUrl}`, {
      width: textWidth,
      align: 'center',
      link: input.verifyUrl,
    });
    doc.text(
      'This certificate records completion of self-paced online lessons and quizzes. It is not a nursing or medical licence.',
      { width: textWidth, align: 'center' },
    );
    doc.end();
  });
}
