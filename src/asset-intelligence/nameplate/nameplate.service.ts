import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppError, ErrorCode } from '../../common/app-error';
import { ASSET_INTELLIGENCE_SETTINGS, AssetIntelligenceSettings } from '../asset-intelligence.options';
import { MODULE_LLM } from '../../llm/llm.module';
import { LlmPort } from '../../llm/llm.port';
import { AssetProfileService } from '../assets/asset-profile.service';
import { mergeSpecs } from '../decoders/llm-merge';
import type { NameplateAnalysisDto } from '../dto/nameplate-analysis.dto';
import { ASSET_KNOWLEDGE, type AssetKnowledge } from '../knowledge/knowledge.loader';
import { ImageRejectedError, ImageRejectionReason } from './image/image-preprocessor';
import { ACCEPTED_IMAGE_FORMATS, detectImageFormat, ImageFormat } from './image/image-type';
import { nameplateFieldList, NameplateFieldName, NameplateFields } from './parsing/nameplate-fields';
import { NameplateReader, NameplateReading } from './nameplate-reader';
import { nameplateParserOptions } from './nameplate-parser-options';
import { unsureIdentifiers } from './nameplate-warnings';
import { PhotoReader } from './photo-reader';
import { nameplateSpecs, plateDate } from './parsing/nameplate-specs';
import { reconcileReadings, VISION_SCHEMA, VISION_SYSTEM_PROMPT } from './nameplate-vision';
import { OcrBusyError } from './ocr/ocr-pool';
import { OcrPoolLifecycle } from './ocr/ocr-pool.provider';

/** An uploaded file as the HTTP layer hands it over. */
export interface UploadedPhoto {
  buffer: Buffer;
  size: number;
}

const MIME: Record<ImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', tiff: 'image/tiff' };

/**
 * Reads a nameplate photo (offline OCR, and a vision model when one is configured), then builds
 * the same profile as `analyze` with the plate's own facts (date, specs) taking precedence.
 */
@Injectable()
export class NameplateService {
  private readonly logger = new Logger(NameplateService.name);
  private readonly reader: Pick<NameplateReader, 'inspect' | 'read'>;
  /** Photos being decoded or read; beyond the pool's workers and queue, new ones are refused at once. */
  private inFlight = 0;
  private readonly capacity: number;

  constructor(
    @Inject(ASSET_INTELLIGENCE_SETTINGS) settings: AssetIntelligenceSettings,
    private readonly ocr: OcrPoolLifecycle,
    @Inject(MODULE_LLM) private readonly llm: LlmPort,
    private readonly profiles: AssetProfileService,
    @Inject(ASSET_KNOWLEDGE) knowledge: AssetKnowledge,
  ) {
    const imageOptions = { maxInputPixels: settings.limits.uploadMaxPixels };
    const parserOptions = nameplateParserOptions(knowledge);
    this.reader =
      ocr.pool.kind === 'ppocr' ? new PhotoReader(ocr.pool.pool, imageOptions, parserOptions) : new NameplateReader(ocr.pool.pool, imageOptions, parserOptions);
    this.capacity = settings.ocr.workers + settings.ocr.maxQueue;
  }

  async analyze(clientId: string, photo: UploadedPhoto | undefined): Promise<NameplateAnalysisDto> {
    if (!photo || photo.size === 0) {
      throw new AppError(ErrorCode.ValidationFailed, 'A nameplate photo is required in the multipart field "photo"', [
        { field: 'photo', message: 'photo is required' },
      ]);
    }
    const format = detectImageFormat(photo.buffer);
    if (!format) {
      throw new ImageRejectedError(ImageRejectionReason.Unsupported, `The photo is not an accepted image; send one of: ${ACCEPTED_IMAGE_FORMATS.join(', ')}`, [
        { field: 'photo', message: `accepted formats: ${ACCEPTED_IMAGE_FORMATS.join(', ')} (identified by content, not by name)` },
      ]);
    }
    const [reading, vision] = await Promise.all([this.read(photo.buffer, format), this.readWithVision(photo.buffer, format)]);
    const { fields, warnings } = vision ? reconcileReadings(reading.fields, vision) : { fields: reading.fields, warnings: [] };
    const identity = (name: NameplateFieldName) => fields[name]?.value ?? null;
    if (!identity('brand') && !identity('model_number') && !identity('serial_number')) {
      const found = nameplateFieldList(fields).map((f) => ({ field: f.name, message: `read "${f.value}" (confidence ${f.confidence})` }));
      throw new AppError(
        ErrorCode.NameplateUnreadable,
        `No brand, model or serial number could be read from the photo. Text read: ${JSON.stringify(reading.raw_text.slice(0, 300))}`,
        found,
      );
    }
    const profile = await this.profiles.profile(clientId, {
      brand: identity('brand') ?? '',
      model: identity('model_number'),
      serial: identity('serial_number'),
      plateDate: plateDate(fields),
    });
    const { specs, conflicts } = mergeSpecs(profile.specs, nameplateSpecs(fields));
    return {
      ...profile,
      specs,
      warnings: [...profile.warnings, ...warnings, ...unsureIdentifiers(fields), ...conflicts],
      nameplate: { image_format: format, fields: this.fieldList(fields), raw_text: reading.raw_text || null },
    };
  }

  private fieldList(fields: NameplateFields) {
    return nameplateFieldList(fields).map(({ name, value, confidence }) => ({ name, value, confidence }));
  }

  /**
   * The header check first (bombs and unreadable files are refused without decoding), then
   * admission: a photo that could not get an OCR worker or queue place is refused before it is
   * decoded, so a burst costs neither decoding time nor memory for decoded images. Image and OCR
   * errors propagate as they are; the error filter answers them.
   */
  private async read(buffer: Buffer, format: ImageFormat): Promise<NameplateReading> {
    const header = await this.reader.inspect(buffer);
    if (this.inFlight >= this.capacity) throw new OcrBusyError(this.ocr.pool.pool.estimatedWaitSeconds());
    this.inFlight++;
    try {
      await this.ocr.pool.pool.start();
      return await this.reader.read(buffer, format, header);
    } finally {
      this.inFlight--;
    }
  }

  /** The vision model's reading, or undefined when none is configured or it failed (OCR still answers). */
  private async readWithVision(buffer: Buffer, format: ImageFormat): Promise<Partial<Record<NameplateFieldName, string | null>> | undefined> {
    if (!this.llm.enabled) return undefined;
    try {
      const result = await this.llm.generateStructured<Partial<Record<NameplateFieldName, string | null>>>({
        systemPrompt: VISION_SYSTEM_PROMPT,
        userContent: 'Read this nameplate.',
        images: [{ mimeType: MIME[format], data: buffer }],
        schema: VISION_SCHEMA,
        schemaName: 'nameplate_fields',
      });
      return result.data;
    } catch (e) {
      this.logger.warn(`Vision reading by ${this.llm.provider} failed: ${(e as Error).message}`);
      return undefined;
    }
  }
}
