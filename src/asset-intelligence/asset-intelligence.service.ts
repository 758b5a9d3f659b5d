import { Injectable } from '@nestjs/common';
import type { AuthenticatedClient } from '../auth/api-token.service';
import { AppError, ErrorCode } from '../common/app-error';
import { AnalyzeAssetQuery } from './dto/analyze-asset.query';
import { AssetProfileDto, LifecycleStage } from './dto/asset-profile.dto';
import { NameplateAnalysisDto } from './dto/nameplate-analysis.dto';
import { AssetProfileService } from './assets/asset-profile.service';
import { ACCEPTED_IMAGE_FORMATS, detectImageFormat } from './nameplate/image-type';

/** An uploaded file as the HTTP layer hands it over. */
export interface UploadedPhoto {
  buffer: Buffer;
  size: number;
}

@Injectable()
export class AssetIntelligenceService {
  constructor(private readonly profiles: AssetProfileService) {}

  /** Profiles an asset from its brand, model and (optionally) serial number. */
  analyze(client: AuthenticatedClient, query: AnalyzeAssetQuery): Promise<AssetProfileDto> {
    return this.profiles.profile(client.clientId, { brand: query.brand_name, model: query.model_number, serial: query.serial_number ?? null });
  }

  async analyzeNameplate(_client: AuthenticatedClient, photo: UploadedPhoto | undefined): Promise<NameplateAnalysisDto> {
    if (!photo || photo.size === 0) {
      throw new AppError(ErrorCode.ValidationFailed, 'A nameplate photo is required in the multipart field "photo"', [{ field: 'photo', message: 'photo is required' }]);
    }
    const format = detectImageFormat(photo.buffer);
    if (!format) {
      throw new AppError(ErrorCode.UnsupportedMediaType, `The photo is not an accepted image; send one of: ${ACCEPTED_IMAGE_FORMATS.join(', ')}`, [
        { field: 'photo', message: `accepted formats: ${ACCEPTED_IMAGE_FORMATS.join(', ')}` },
      ]);
    }
    return { ...emptyProfile({ brand: null, model: null, serial: null }), nameplate: { image_format: format, fields: [], raw_text: null } };
  }
}

function emptyProfile(identity: { brand: string | null; model: string | null; serial: string | null }): AssetProfileDto {
  return {
    brand: identity.brand,
    manufacturer: null,
    model_number: identity.model,
    serial_number: identity.serial,
    equipment_type: null,
    category: null,
    manufacture_date: { year: null, month: null, week: null, confidence: 0, rule: null, candidates: [] },
    age_years: null,
    expected_lifespan: null,
    remaining_life_years: null,
    lifecycle_stage: LifecycleStage.Unknown,
    repair_vs_replace: null,
    specs: [],
    common_issues: [],
    maintenance_schedule: [],
    warranty: null,
    warnings: ['Asset decoding is not available yet: the profile holds only the identifiers supplied.'],
    confidence: 0,
  };
}
