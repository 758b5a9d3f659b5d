import { Inject, Injectable } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { BodyReadingInterceptor, jsonBody, ndjsonBody } from '../common/json-body.middleware';
import { WORK_ORDER_SETTINGS, WorkOrderSettings } from './work-order.options';

/** Reads the enrich body (one JSON work order, `limits.jsonBodyBytes`) once the caller is let in. */
@Injectable()
export class EnrichBodyInterceptor extends BodyReadingInterceptor {
  protected readonly parsers: readonly RequestHandler[];

  constructor(@Inject(WORK_ORDER_SETTINGS) settings: WorkOrderSettings) {
    super();
    this.parsers = [jsonBody(settings.limits.jsonBodyBytes)];
  }
}

/** Reads the import body (a JSON array, or NDJSON as text; `limits.importBodyBytes`) once the caller is let in. */
@Injectable()
export class ImportBodyInterceptor extends BodyReadingInterceptor {
  protected readonly parsers: readonly RequestHandler[];

  constructor(@Inject(WORK_ORDER_SETTINGS) settings: WorkOrderSettings) {
    super();
    const limit = settings.limits.importBodyBytes;
    this.parsers = [jsonBody(limit, 'a JSON array of work orders'), ndjsonBody(limit)];
  }
}
