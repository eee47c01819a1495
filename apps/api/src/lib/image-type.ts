/** The image types the API recognises by content (photos, screenshots). */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** The file extension each stored image gets (never the uploaded name's). */
export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * The image type of `bytes`, recognised by their first bytes (magic numbers), or null — or
 * null too when it is not one of `accepted`. The file's name and the browser's declared type are
 * never trusted: a renamed HTML file is not an image, whatever it is called. The one sniffer for
 * profile photos (JPEG, PNG, WebP) and support screenshots (those and GIF).
 */
export function sniffImageType<T extends ImageType>(bytes: Uint8Array, accepted: readonly T[]): T | null {
  const starts = (...values: number[]) => values.every((value, i) => bytes[i] === value);
  const ascii = (offset: number, text: string) =>
    [...text].every((char, i) => bytes[offset + i] === char.charCodeAt(0));
  let type: ImageType | null = null;
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) type = 'image/png';
  else if (starts(0xff, 0xd8, 0xff)) type = 'image/jpeg';
  else if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) type = 'image/gif';
  else if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) type = 'image/webp';
  return type !== null && (accepted as readonly ImageType[]).includes(type) ? (type as T) : null;
}

/** The document types recognised by content: PDF, and the images `sniffImageType` knows. */
export type DocumentFileType = 'application/pdf' | ImageType;

export const DOCUMENT_EXTENSIONS: Record<DocumentFileType, string> = { 'application/pdf': 'pdf', ...IMAGE_EXTENSIONS };

/**
 * The type of an uploaded document by its first bytes — `%PDF-` for PDF, else the image sniffer
 * above — or null when it is none of `accepted`. As for images, the name and declared type are
 * never trusted.
 */
export function sniffDocumentType<T extends DocumentFileType>(bytes: Uint8Array, accepted: readonly T[]): T | null {
  const isPdf = [0x25, 0x50, 0x44, 0x46, 0x2d].every((value, i) => bytes[i] === value);
  if (isPdf)
    return (accepted as readonly DocumentFileType[]).includes('application/pdf') ? ('application/pdf' as T) : null;
  const images = accepted.filter((type): type is T & ImageType => type !== 'application/pdf');
  return sniffImageType(bytes, images);
}
