import sharp, { type Sharp } from 'sharp';
import { renderNameplate, renderTextLines, SAMPLE_NAMEPLATES } from '../../../../test/fixtures/nameplates/render-nameplate';
import { ImagePreprocessor, ImageRejectedError, ImageRejectionReason, type OcrImage } from './image-preprocessor';
import { pngDeclaring } from '../../../../test/fixtures/nameplates/png-declaring';

/** The pixels of an OCR image (its PGM header stripped). */
function pixels(image: OcrImage): Buffer {
  return image.data.subarray(image.data.length - image.width * image.height);
}

async function rejection(promise: Promise<unknown>): Promise<ImageRejectedError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}

describe('ImagePreprocessor', () => {
  const preprocessor = new ImagePreprocessor();

  it('refuses a decompression bomb from its header alone, before decoding anything', async () => {
    const bomb = pngDeclaring(30000, 30000);
    const error = await rejection(preprocessor.preprocess(bomb));
    expect(error.reason).toBe(ImageRejectionReason.TooManyPixels);
    expect(error.message).toContain('30000×30000');
  });

  it('applies the configured pixel limit', async () => {
    const photo = await renderTextLines(['MODEL 24ACC636A003'], 1200);
    const strict = new ImagePreprocessor({ maxInputPixels: 100_000 });
    expect((await rejection(strict.inspect(photo))).reason).toBe(ImageRejectionReason.TooManyPixels);
    await expect(preprocessor.inspect(photo)).resolves.toMatchObject({ format: 'png', width: 1200, orientation: 1 });
  });

  it('refuses a truncated JPEG as corrupt', async () => {
    const jpeg = await renderNameplate('furnace', SAMPLE_NAMEPLATES.furnace, { format: 'jpeg', width: 1200 });
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
    expect((await rejection(preprocessor.preprocess(truncated))).reason).toBe(ImageRejectionReason.Corrupt);
  });

  it('refuses bytes with a JPEG signature but no image as corrupt', async () => {
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x5a)]);
    expect((await rejection(preprocessor.preprocess(garbage))).reason).toBe(ImageRejectionReason.Corrupt);
  });

  it('refuses an image too small to hold text', async () => {
    const speck = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    expect((await rejection(preprocessor.preprocess(speck))).reason).toBe(ImageRejectionReason.TooSmall);
  });

  it('turns a photo upright from its EXIF orientation', async () => {
    const upright = await renderTextLines(['MODEL 24ACC636A003', 'SERIAL 1014E12345'], 1200);
    // Stored turned a quarter counter-clockwise, with the tag that tells viewers to turn it back.
    const sideways = await sharp(upright).rotate(270).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const photo = await preprocessor.preprocess(sideways);
    expect(photo.header.orientation).toBe(6);
    expect(photo.header.height).toBeGreaterThan(photo.header.width);
    expect(photo.primary.width).toBeGreaterThan(photo.primary.height);
  });

  it('shrinks a 12-megapixel photo and enlarges a small one to OCR size', async () => {
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#ccc' } })
      .jpeg()
      .toBuffer();
    const small = await renderTextLines(['S/N 1014E12345'], 400, 24);
    const bigOut = (await preprocessor.preprocess(big)).primary;
    const smallOut = (await preprocessor.preprocess(small)).primary;
    expect([bigOut.width, bigOut.height]).toEqual([2000, 1500]);
    expect(smallOut.width).toBe(1600);
    expect(bigOut.data.subarray(0, 17).toString('ascii')).toBe('P5\n2000 1500\n255\n');
  });

  it('stretches contrast to the full range', async () => {
    const dull = await sharp(await renderTextLines(['MODEL 24ACC636A003'], 1200))
      .linear(0.3, 100)
      .png()
      .toBuffer();
    const values = pixels((await preprocessor.preprocess(dull)).primary);
    expect(values.reduce((min, v) => Math.min(min, v), 255)).toBeLessThan(20);
    expect(values.reduce((max, v) => Math.max(max, v), 0)).toBeGreaterThan(235);
  });

  it('inverts a light-on-dark plate so the text comes out dark on light', async () => {
    const dark = await renderNameplate('furnace', SAMPLE_NAMEPLATES.furnace, { theme: 'dark', width: 1600 });
    const photo = await preprocessor.preprocess(dark);
    expect(photo.primary.inverted).toBe(true);
    const values = pixels(photo.primary);
    expect(values.reduce((sum, v) => sum + v, 0) / values.length).toBeGreaterThan(128);
    const light = await preprocessor.preprocess(await renderNameplate('furnace', SAMPLE_NAMEPLATES.furnace, { width: 1600 }));
    expect(light.primary.inverted).toBe(false);
  });

  it('measures and straightens the tilt of the text', async () => {
    for (const degrees of [-5, 3]) {
      const tilted = await renderNameplate('condenser', SAMPLE_NAMEPLATES.condenser, { width: 1600, rotateDeg: degrees });
      const photo = await preprocessor.preprocess(tilted);
      expect(Math.abs(photo.skewDegrees - degrees)).toBeLessThanOrEqual(0.6);
    }
    const level = await preprocessor.preprocess(await renderNameplate('condenser', SAMPLE_NAMEPLATES.condenser, { width: 1600 }));
    expect(level.skewDegrees).toBe(0);
  });

  it('prepares a locally thresholded image of the same size, black and white only', async () => {
    const photo = await preprocessor.preprocess(await renderNameplate('appliance', SAMPLE_NAMEPLATES.appliance, { theme: 'sticker' }));
    const adaptive = photo.adaptive(30);
    expect(adaptive).toMatchObject({ variant: 'adaptive', width: photo.primary.width, height: photo.primary.height });
    expect(adaptive.data.equals(photo.primary.data)).toBe(false);
    // P5 PGM: the pixels follow the header; local thresholding leaves only 0 and 255.
    const pixels = adaptive.data.subarray(adaptive.data.length - adaptive.width * adaptive.height);
    expect(new Set(pixels)).toEqual(new Set([0, 255]));
  });

  it('decodes at most `concurrency` images at a time', async () => {
    const bounded = new ImagePreprocessor({ concurrency: 1 });
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#ddd' } })
      .jpeg()
      .toBuffer();
    let active = 0;
    let peak = 0;
    const original = sharp.prototype.toBuffer;
    const spy = jest.spyOn(sharp.prototype, 'toBuffer').mockImplementation(async function (this: Sharp, ...args: unknown[]) {
      active++;
      peak = Math.max(peak, active);
      try {
        return await (original as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      } finally {
        active--;
      }
    } as never);
    try {
      await Promise.all([bounded.preprocess(photo), bounded.preprocess(photo), bounded.preprocess(photo)]);
    } finally {
      spy.mockRestore();
    }
    expect(peak).toBe(1);
  });
});
