import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MulterModule } from '@nestjs/platform-express';
import { AuthModule } from '../auth/auth.module';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { AssetIntelligenceController } from './asset-intelligence.controller';
import { AssetIntelligenceService } from './asset-intelligence.service';
import { AssetEntity } from './assets/asset.entity';
import { AssetProfileService } from './assets/asset-profile.service';
import { AssetRepository } from './assets/asset.repository';
import { NameplateService } from './nameplate/nameplate.service';
import { OcrPoolLifecycle } from './nameplate/ocr-pool.provider';

@Module({
  imports: [
    AuthModule,
    TypeOrmModule.forFeature([AssetEntity]),
    MulterModule.registerAsync({
      inject: [APP_CONFIG],
      // Memory storage: uploads never touch the disk, so a rejected one leaves nothing behind.
      useFactory: (config: AppConfig) => ({ limits: { fileSize: config.http.uploadMaxBytes, files: 1, fields: 10, parts: 20 } }),
    }),
  ],
  controllers: [AssetIntelligenceController],
  providers: [AssetIntelligenceService, AssetProfileService, AssetRepository, NameplateService, OcrPoolLifecycle],
  exports: [AssetRepository],
})
export class AssetIntelligenceModule {}
