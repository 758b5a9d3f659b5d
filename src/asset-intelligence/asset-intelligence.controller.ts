import { Controller, HttpCode, Post, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedClient } from '../auth/api-token.service';
import { CurrentClient } from '../auth/current-client.decorator';
import { ProtectedRoute } from '../auth/protected-route.decorator';
import { AcceptsContentTypes } from '../common/content-type.guard';
import { ErrorResponseDto } from '../common/error-response.dto';
import { AssetIntelligenceService, UploadedPhoto } from './asset-intelligence.service';
import { AnalyzeAssetQuery } from './dto/analyze-asset.query';
import { AssetProfileDto } from './dto/asset-profile.dto';
import { NameplateAnalysisDto, NameplateUploadDto } from './dto/nameplate-analysis.dto';
import { PhotoUploadInterceptor } from './photo-upload.interceptor';

@ApiTags('Asset intelligence')
@Controller('asset-intelligence')
@ProtectedRoute()
export class AssetIntelligenceController {
  constructor(private readonly assets: AssetIntelligenceService) {}

  @Post('analyze-nameplate')
  @HttpCode(200)
  @AcceptsContentTypes('multipart/form-data')
  @UseInterceptors(PhotoUploadInterceptor('photo'))
  @ApiOperation({
    summary: 'Read a nameplate photo into an asset profile',
    description: 'Upload a photo of an equipment data plate (JPEG, PNG, WebP or TIFF) in the multipart field "photo".',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: NameplateUploadDto })
  @ApiOkResponse({ type: NameplateAnalysisDto })
  @ApiResponse({
    status: 400,
    description: 'The photo field is missing, the file is under another field name, several files are sent, or the multipart body is malformed.',
    type: ErrorResponseDto,
  })
  @ApiResponse({
    status: 413,
    description: 'The photo is larger than UPLOAD_MAX_BYTES, or has more pixels than UPLOAD_MAX_PIXELS (checked before decoding).',
    type: ErrorResponseDto,
  })
  @ApiResponse({ status: 415, description: 'The upload is not multipart, or the photo is not JPEG, PNG, WebP or TIFF.', type: ErrorResponseDto })
  @ApiResponse({
    status: 422,
    description: 'The image is corrupt or too small, or no brand, model or serial number could be read (the details list what was read).',
    type: ErrorResponseDto,
  })
  @ApiResponse({
    status: 503,
    description: 'All OCR workers are busy and the queue is full, or the database is unavailable; see Retry-After.',
    type: ErrorResponseDto,
  })
  analyzeNameplate(@CurrentClient() client: AuthenticatedClient, @UploadedFile() photo: UploadedPhoto | undefined): Promise<NameplateAnalysisDto> {
    return this.assets.analyzeNameplate(client, photo);
  }

  @Post('analyze')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Profile an asset from its model and serial number',
    description: 'Pass model_number and brand_name (and serial_number to decode the manufacture date) as query parameters; no body.',
  })
  @ApiOkResponse({ type: AssetProfileDto })
  @ApiResponse({ status: 400, description: 'A required query parameter is missing or too long.', type: ErrorResponseDto })
  analyze(@CurrentClient() client: AuthenticatedClient, @Query() query: AnalyzeAssetQuery): Promise<AssetProfileDto> {
    return this.assets.analyze(client, query);
  }
}
