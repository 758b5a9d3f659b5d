import { Injectable } from '@nestjs/common';
import type { AuthenticatedClient } from '../auth/api-token.service';
import { AnalyzeAssetQuery } from './dto/analyze-asset.query';
import type { AssetProfileDto } from './dto/asset-profile.dto';
import { NameplateAnalysisDto } from './dto/nameplate-analysis.dto';
import { AssetProfileService } from './assets/asset-profile.service';
import { NameplateService, UploadedPhoto } from './nameplate/nameplate.service';

export type { UploadedPhoto };

@Injectable()
export class AssetIntelligenceService {
  constructor(
    private readonly profiles: AssetProfileService,
    private readonly nameplates: NameplateService,
  ) {}

  /** Profiles an asset from its brand, model and (optionally) serial number. */
  analyze(client: AuthenticatedClient, query: AnalyzeAssetQuery): Promise<AssetProfileDto> {
    return this.profiles.profile(client.clientId, { brand: query.brand_name, model: query.model_number, serial: query.serial_number ?? null });
  }

  /** Reads a nameplate photo into an asset profile. */
  analyzeNameplate(client: AuthenticatedClient, photo: UploadedPhoto | undefined): Promise<NameplateAnalysisDto> {
    return this.nameplates.analyze(client.clientId, photo);
  }
}
