import sharp, { type Metadata } from 'sharp';
import { AppError, ErrorCode, type ErrorDetail } from '../../../common/app-error';
import { adaptiveThreshold } from './adaptive-threshold';
import { centerMean, estimateSkewDegrees, noiseLevel, rotate, smooth, stretchContrast, toLuminance, type Gray } from './gray-image';

/** Why an upload was refused before or while it was decoded. */
export enum ImageRejectionReason {
  /** Width × height is over the configured limit (a decompression bomb or an absurd photo). */
  TooManyPixels = 'too_many_pixels',
  /** The header or the pixel data cannot be decoded (corrupt or truncated file). */
  Corrupt = 'corrupt',
  /** The image is too small to hold readable text. */
  TooSmall = 'too_small',
  /** The bytes are not one of the accepted image formats. */
  Unsupported = 'unsupported',
}

/** The error code of each reason. */
const CODE_BY_REASON = {
  [ImageRejectionReason.TooManyPixels]: ErrorCode.ImageTooManyPixels,
  [ImageRejectionReason.Corrupt]: ErrorCode.ImageCorrupt,
  [ImageRejectionReason.TooSmall]: ErrorCode.ImageTooSmall,
  [ImageRejectionReason.Unsupported]: ErrorCode.ImageUnsupported,
} as const satisfies Record<ImageRejectionReason, ErrorCode>;

/** A photo that is refused; the error filter answers it by its code. */
export class ImageRejectedError extends AppError {
  declare readonly code: (typeof CODE_BY_REASON)[ImageRejectionReason];

  constructor(
    /** Why the image was refused. */
    readonly reason: ImageRejectionReason,
    message: string,
    /** What to tell the client about the upload; by default the reason, on "photo", the upload field of every image route. */
    details: ErrorDetail[] = [{ field: 'photo', message: reason }],
  ) {
    super(CODE_BY_REASON[reason], message, details);
    this.name = 'ImageRejectedError';
  }
}

/** Tuning of the preprocessor; every field has a default that suits phone photos. */
export interface ImagePreprocessorOptions {
  /** Largest accepted width × height, checked from the header before any pixel is decoded (default 50,000,000). */
  maxInputPixels?: number;
  /** Smallest accepted width or height in pixels (default 32). */
  minSide?: number;
  /** Long side, in pixels, that larger images are shrunk to before OCR (default 2000: half a 12 MP photo, so JPEG can shrink on load). */
  targetLongSide?: number;
  /** Long side that smaller images are enlarged to, so small text reaches a readable size (default 1600). */
  minLongSide?: number;
  /** Images decoded at the same time; further calls wait their turn, which bounds memory (default 2). */
  concurrency?: number;
  /** Strength of the unsharp mask on the primary image, 0 to turn it off (default 0.6). */
  sharpen?: number;
}

/** What the header says about an upload, read without decoding pixels. */
export interface ImageHeader {
  /** Format sharp found in the bytes. */
  format: string;
  /** Width as stored, before EXIF orientation. */
  width: number;
  /** Height as stored, before EXIF orientation. */
  height: number;
  /** EXIF orientation tag (1-8), 1 when absent. */
  orientation: number;
}

/** A grayscale image ready for OCR. */
export interface OcrImage {
  /** Binary PGM (P5) bytes: nothing to compress, and Tesseract's Leptonica reads it natively. */
  data: Buffer;
  /** Width in pixels, upright. */
  width: number;
  /** Height in pixels, upright. */
  height: number;
  /** Which recipe produced it. */
  variant: 'primary' | 'adaptive';
  /** Whether dark and light were swapped (light text on a dark plate). */
  inverted: boolean;
  /** Binarization Tesseract should use on it: global Otsu, or Sauvola's local threshold for uneven light. */
  thresholding: 'otsu' | 'sauvola';
}

/** The primary OCR image, and the recipe for a second one made from the same decoded pixels. */
export interface PreprocessedPhoto {
  /** What the header said. */
  header: ImageHeader;
  /** Tilt of the text found and corrected, in degrees (positive: lines fell to the right). */
  skewDegrees: number;
  /** Contrast-stretched, sharpened grayscale, inverted only when the plate is clearly dark. */
  primary: OcrImage;
  /** The upright, straightened, contrast-stretched gray the OCR images are made from (not inverted), for crops and other recipes. */
  gray: Gray;
  /**
   * Binarized here by a local mean threshold whose window follows the print's size (`textHeight`,
   * the height of words read so far, in pixels), dark ink on white whatever the plate's colour.
   */
  adaptive(textHeight?: number): OcrImage;
}

/** An upright RGB photo at the two sizes PP-OCR uses. */
export interface ColourPhoto {
  header: ImageHeader;
  /** For reading lines: the photo at its reading size, 3 bytes a pixel. */
  read: { data: Uint8Array; width: number; height: number };
  /** For finding lines: smaller, sides multiples of 32. */
  detect: { data: Uint8Array; width: number; height: number };
}

/** Median absolute Laplacian above which an image counts as grainy (clean renders and scans sit near 0). */
const NOISY = 12;

const DEFAULTS: Required<ImagePreprocessorOptions> = {
  maxInputPixels: 50_000_000,
  minSide: 32,
  targetLongSide: 2000,
  minLongSide: 1600,
  concurrency: 2,
  sharpen: 0.6,
};

/** Safety checks and OCR-oriented image preparation for nameplate photos. */
export class ImagePreprocessor {
  private readonly options: Required<ImagePreprocessorOptions>;
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(options: ImagePreprocessorOptions = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Reads the header only and refuses images that are too large, too small or unreadable. */
  async inspect(buffer: Buffer): Promise<ImageHeader> {
    let metadata: Metadata;
    try {
      metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
    } catch (error) {
      throw new ImageRejectedError(ImageRejectionReason.Corrupt, `The image header cannot be read: ${describe(error)}`);
    }
    const { width, height, format } = metadata;
    if (!width || !height || !format) throw new ImageRejectedError(ImageRejectionReason.Corrupt, 'The image header has no dimensions');
    if (width * height > this.options.maxInputPixels) {
      throw new ImageRejectedError(
        ImageRejectionReason.TooManyPixels,
        `The image is ${width}×${height} pixels; at most ${this.options.maxInputPixels} pixels are accepted`,
      );
    }
    if (Math.min(width, height) < this.options.minSide) {
      throw new ImageRejectedError(
        ImageRejectionReason.TooSmall,
        `The image is ${width}×${height} pixels; at least ${this.options.minSide} per side are needed`,
      );
    }
    return { format, width, height, orientation: metadata.orientation ?? 1 };
  }

  /**
   * Checks the header (unless the caller already did), decodes once (upright, resized, gray,
   * contrast-stretched) and prepares the primary OCR image.
   */
  async preprocess(buffer: Buffer, inspected?: ImageHeader): Promise<PreprocessedPhoto> {
    const header = inspected ?? (await this.inspect(buffer));
    let gray = await this.withSlot(() => this.decode(buffer, header));
    stretchContrast(gray);
    const center = centerMean(gray);
    // Tesseract misreads characters on lines tilted more than a degree or two: straighten first.
    const skew = estimateSkewDegrees(gray);
    if (Math.abs(skew) >= 0.5) gray = rotate(gray, skew, Math.round(center));
    // Grain makes Tesseract read specks as letters: smooth it away instead of sharpening it.
    const noisy = noiseLevel(gray) > NOISY;
    if (noisy) smooth(gray);
    const primary = toOcrImage(gray, {
      variant: 'primary',
      inverted: center < 90,
      sharpen: noisy ? 0 : this.options.sharpen,
      thresholding: 'otsu',
    });
    return {
      header,
      skewDegrees: Math.abs(skew) >= 0.5 ? skew : 0,
      primary,
      gray,
      adaptive: (textHeight = 30) => {
        const source = center < 140 ? { ...gray, data: Buffer.from(gray.data.map((v) => 255 - v)) } : gray;
        // A window about two words high: wide enough to hold paper around every stroke.
        const radius = Math.max(8, Math.round(1.2 * textHeight));
        return toOcrImage(adaptiveThreshold(source, radius, 0.1), { variant: 'adaptive', inverted: false, sharpen: 0, thresholding: 'otsu' });
      },
    };
  }

  /**
   * For PP-OCR: decodes once (EXIF orientation applied, the pixel limit enforced by sharp), in
   * colour at `readLongSide` at most for reading lines, and at `detectLongSide` at most, sides
   * rounded to multiples of 32, for finding them.
   */
  async preprocessColour(
    buffer: Buffer,
    inspected: ImageHeader | undefined,
    sizes: { readLongSide: number; detectLongSide: number },
    /** Only this part of the upright photo, as fractions of its width and height (a plate found in a larger frame). */
    region?: { left: number; top: number; width: number; height: number },
  ): Promise<ColourPhoto> {
    const header = inspected ?? (await this.inspect(buffer));
    const [uprightWidth, uprightHeight] = header.orientation >= 5 ? [header.height, header.width] : [header.width, header.height];
    return this.withSlot(async () => {
      try {
        let image = sharp(buffer, { limitInputPixels: this.options.maxInputPixels, sequentialRead: !region, failOn: 'error', autoOrient: true });
        if (region) {
          const left = Math.max(0, Math.floor(region.left * uprightWidth));
          const top = Math.max(0, Math.floor(region.top * uprightHeight));
          const width = Math.max(1, Math.min(uprightWidth - left, Math.ceil(region.width * uprightWidth)));
          const height = Math.max(1, Math.min(uprightHeight - top, Math.ceil(region.height * uprightHeight)));
          image = image.extract({ left, top, width, height });
        }
        const { data, info } = await image
          .flatten({ background: '#ffffff' })
          .toColourspace('srgb')
          .resize({ width: sizes.readLongSide, height: sizes.readLongSide, fit: 'inside', withoutEnlargement: true, kernel: 'lanczos3' })
          .raw()
          .toBuffer({ resolveWithObject: true });
        const read = { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
        // A region is looked at closer: its text may be enlarged up to twice for the detector.
        const scale = Math.min(region ? 2 : 1, sizes.detectLongSide / Math.max(info.width, info.height));
        const [dw, dh] = [info.width, info.height].map((side) => Math.max(32, Math.round((side * scale) / 32) * 32));
        const small = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
          .resize(dw, dh, { fit: 'fill', kernel: 'lanczos3' })
          .raw()
          .toBuffer();
        return { header, read, detect: { data: new Uint8Array(small.buffer, small.byteOffset, small.length), width: dw, height: dh } };
      } catch (error) {
        throw new ImageRejectedError(ImageRejectionReason.Corrupt, `The image cannot be decoded: ${describe(error)}`);
      }
    });
  }

  /** Decodes with the pixel limit enforced by sharp as well, returning upright resized grayscale. */
  private async decode(buffer: Buffer, header: ImageHeader): Promise<Gray> {
    const rotated = header.orientation >= 5;
    const [w, h] = rotated ? [header.height, header.width] : [header.width, header.height];
    const longSide = Math.max(w, h);
    const target = Math.min(Math.max(longSide, this.options.minLongSide), this.options.targetLongSide);
    try {
      // Resizing before the gray conversion lets JPEG shrink-on-load work; the conversion is cheaper in JS.
      const { data, info } = await sharp(buffer, {
        limitInputPixels: this.options.maxInputPixels,
        sequentialRead: true,
        failOn: 'error',
        autoOrient: true,
      })
        .flatten({ background: '#ffffff' })
        .resize({ [w >= h ? 'width' : 'height']: target, kernel: target > longSide ? 'cubic' : 'lanczos3' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { data: toLuminance(data, info.channels), width: info.width, height: info.height };
    } catch (error) {
      throw new ImageRejectedError(ImageRejectionReason.Corrupt, `The image cannot be decoded: ${describe(error)}`);
    }
  }

  /** Runs `task` when fewer than `concurrency` images are being decoded. */
  private async withSlot<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await task();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

function toOcrImage(gray: Gray, recipe: Omit<OcrImage, 'data' | 'width' | 'height'> & { sharpen: number }): OcrImage {
  const { width, height } = gray;
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii');
  const out = Buffer.allocUnsafe(header.length + width * height);
  header.copy(out);
  const src = gray.data;
  const k = recipe.sharpen / 4;
  for (let y = 0, i = 0, o = header.length; y < height; y++) {
    for (let x = 0; x < width; x++, i++, o++) {
      let v = src[i];
      if (k > 0 && x > 0 && y > 0 && x < width - 1 && y < height - 1) {
        // Unsharp mask with a 4-neighbour Laplacian: crisper stroke edges for a slightly blurred photo.
        v += k * (4 * v - src[i - 1] - src[i + 1] - src[i - width] - src[i + width]);
      }
      v = v < 0 ? 0 : v > 255 ? 255 : v;
      out[o] = recipe.inverted ? 255 - v : v;
    }
  }
  return { data: out, width, height, variant: recipe.variant, inverted: recipe.inverted, thresholding: recipe.thresholding };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0] : String(error);
}
