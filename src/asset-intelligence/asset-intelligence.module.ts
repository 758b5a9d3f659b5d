import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { AuthModule } from '../auth/auth.module';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { AssetIntelligenceController } from './asset-intelligence.controller';
import { AssetIntelligenceService } from './asset-intelligence.service';

@Module({
  imports: [
    AuthModule,
    MulterModule.registerAsync({
      inject: [APP_CONFIG],
      // Memory storage: uploads never touch the disk, so a rejected one leaves nothing behind.
      useFactory: (config: AppConfig) => ({ limits: { fileSize: config.http.uploadMaxBytes, files: 1, fields: 10, parts: 20 } }),
    }),
  ],
  controllers: [AssetIntelligenceController],
  providers: [AssetIntelligenceService],
})
export class AssetIntelligenceModule {}
