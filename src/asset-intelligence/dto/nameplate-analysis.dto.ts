import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AssetProfileDto } from './asset-profile.dto';

export class NameplateFieldDto {
  @ApiProperty({ description: 'Field read from the plate (brand, model_number, serial_number, voltage, ...).', example: 'model_number' })
  name: string;

  @ApiProperty({ description: 'Value as read, after OCR-confusion repair.', example: '24ACC636A003' })
  value: string;

  @ApiProperty({ description: 'Confidence in this reading, 0 to 1.', example: 0.92 })
  confidence: number;
}

export class NameplateReadingDto {
  @ApiProperty({ description: 'Detected image format.', example: 'jpeg' })
  image_format: string;

  @ApiProperty({ description: 'Fields found on the plate.', type: [NameplateFieldDto] })
  fields: NameplateFieldDto[];

  @ApiPropertyOptional({
    description: 'Raw text recognised on the plate.',
    nullable: true,
    type: String,
    example: 'MODEL 24ACC636A003 SERIAL 1014E12345 VOLTS 208/230 PH 1 HZ 60',
  })
  raw_text: string | null;
}

/** The answer of POST /asset-intelligence/analyze-nameplate: the asset profile plus what was read. */
export class NameplateAnalysisDto extends AssetProfileDto {
  @ApiProperty({ description: 'What was read from the photo.', type: NameplateReadingDto })
  nameplate: NameplateReadingDto;
}

/** Multipart body of the nameplate upload, for Swagger's file picker. */
export class NameplateUploadDto {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description:
      'Photo of the equipment data plate: JPEG, PNG, WebP or TIFF, recognised from its bytes rather than its name; at most UPLOAD_MAX_BYTES (15 MB by default). Kept in memory, never written to disk.',
  })
  photo: unknown;
}
