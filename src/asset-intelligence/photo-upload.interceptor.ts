import { CallHandler, ExecutionContext, HttpException, Inject, mixin, NestInterceptor, Optional, Type } from '@nestjs/common';
import { FileInterceptor, MulterModuleOptions } from '@nestjs/platform-express';
import { MULTER_MODULE_OPTIONS } from '@nestjs/platform-express/multer/files.constants';
import type { Observable } from 'rxjs';
import { AppError, ErrorCode } from '../common/app-error';
import { ASSET_INTELLIGENCE_SETTINGS, AssetIntelligenceSettings } from './asset-intelligence.options';

/**
 * Nest's FileInterceptor(field), whose refusals of the multipart body say what to send instead.
 * multer's own words ("Unexpected file field - file", "Too many files", "File too large") name
 * neither the field the photo belongs in nor the size limit, and carry no details; a caller who
 * sent `-F file=@plate.jpg` could not tell what to change. Only the errors of reading the upload
 * are rewritten: the route's own errors pass through the returned observable untouched.
 */
export function PhotoUploadInterceptor(field: string): Type<NestInterceptor> {
  const Upload = FileInterceptor(field);

  class PhotoUpload implements NestInterceptor {
    private readonly upload: NestInterceptor;

    constructor(
      @Inject(ASSET_INTELLIGENCE_SETTINGS) private readonly settings: AssetIntelligenceSettings,
      @Optional() @Inject(MULTER_MODULE_OPTIONS) multerOptions?: MulterModuleOptions,
    ) {
      this.upload = new Upload(multerOptions);
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      try {
        return await this.upload.intercept(context, next);
      } catch (error) {
        throw error instanceof HttpException ? this.refusal(error) : error;
      }
    }

    private refusal(error: HttpException): HttpException | AppError {
      const status = error.getStatus();
      if (status === 413) {
        const limit = this.settings.limits.uploadMaxBytes;
        return new AppError(ErrorCode.PayloadTooLarge, `The photo is larger than the upload limit of ${limit} bytes`, [
          { field, message: `at most ${limit} bytes` },
        ]);
      }
      if (status !== 400) return error;
      return new AppError(ErrorCode.ValidationFailed, `${error.message}; send one photo (JPEG, PNG, WebP or TIFF) in the multipart field "${field}"`, [
        { field, message: error.message },
      ]);
    }
  }
  return mixin(PhotoUpload);
}
