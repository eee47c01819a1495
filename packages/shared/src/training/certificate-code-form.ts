import * as z from 'zod/mini';
import { CERTIFICATE_CODE_PATTERN, normalizeCertificateCode } from './certificate-code';

/**
 * The verification page's one field, for the form layer (useZodForm). Written with zod/mini so the
 * public page a family opens from a printed certificate does not load all of zod for one regex.
 * The typed code is normalised first (lower case, O for 0, missing dashes), then checked.
 */
export const certificateCodeFormSchema = z.object({
  code: z.pipe(
    z.pipe(z.string(), z.transform(normalizeCertificateCode)),
    z
      .string()
      .check(
        z.regex(
          CERTIFICATE_CODE_PATTERN,
          'Enter the code as printed on the certificate, for example TVR-7K2M-9QXD-4HNA.',
        ),
      ),
  ),
});
