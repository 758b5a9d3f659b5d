/** Image formats a nameplate photo may have, identified by their leading bytes. */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'tiff';

export const ACCEPTED_IMAGE_FORMATS: readonly ImageFormat[] = ['jpeg', 'png', 'webp', 'tiff'];

function startsWith(bytes: Buffer, signature: number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
}

/**
 * The format of an image from its magic bytes; the file name and declared type are not trusted.
 *
 * Kept in front of sharp's metadata (which then reads the header once, in ImagePreprocessor.inspect,
 * and is reused for decoding) rather than taking the format from sharp: sharp also opens SVG, GIF,
 * PDF, HEIF and more, so an SVG declaring 99999×99999 would become a 413 instead of the 415 it gets
 * (test/hardening/upload-abuse), and a format we refuse would be handed to its decoder first.
 * ParseFilePipe's validators would only duplicate what is here: FileTypeValidator is another
 * magic-byte table, and the size limit is already multer's (limits.fileSize, 413).
 */
export function detectImageFormat(bytes: Buffer): ImageFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  return undefined;
}
