/** `TVR-XXXX-XXXX-XXXX` in Crockford base32 (no I, L, O, U); typed codes are normalised first. */
export const CERTIFICATE_CODE_PATTERN = /^TVR-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

export function normalizeCertificateCode(input: string): string {
  const compact = input
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  const body = compact.length === 15 && compact.startsWith('TVR') ? compact.slice(3) : compact;
  if (body.length !== 12) return input.trim().toUpperCase();
  return `TVR-${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8, 12)}`;
}
