import { detectImageFormat } from './image-type';

describe('detectImageFormat', () => {
  it.each([
    ['jpeg', [0xff, 0xd8, 0xff, 0xe0, 0, 0x10]],
    ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]],
    ['webp', [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBPVP8 ')]],
    ['tiff', [0x49, 0x49, 0x2a, 0x00, 8, 0]],
    ['tiff', [0x4d, 0x4d, 0x00, 0x2a, 0, 8]],
  ])('recognises %s by its bytes', (format, bytes) => {
    expect(detectImageFormat(Buffer.from(bytes))).toBe(format);
  });

  it.each([
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['PDF', Buffer.from('%PDF-1.7\n')],
    ['GIF', Buffer.from('GIF89a')],
    ['HEIC', Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypheic')])],
    ['RIFF that is not WebP', Buffer.from('RIFF\0\0\0\0WAVEfmt ')],
    ['empty', Buffer.alloc(0)],
    ['truncated JPEG', Buffer.from([0xff, 0xd8])],
  ])('refuses %s', (_name, bytes) => {
    expect(detectImageFormat(bytes)).toBeUndefined();
  });
});
