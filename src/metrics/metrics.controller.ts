import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { serviceMetrics } from './service-metrics';

/**
 * Prometheus scrape endpoint. Unauthenticated like /health (scrapers carry no client token), and
 * switched off with METRICS_ENABLED=false; it exposes counts and timings only, never a client,
 * token or request text. Left out of the API reference: it is for operators (DEPLOYMENT.md).
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  @Get()
  @Header('Cache-Control', 'no-store')
  async scrape(@Res() res: Response): Promise<void> {
    const body = await serviceMetrics.registry.metrics();
    res.type(serviceMetrics.registry.contentType).send(body);
  }
}
