import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { clusterMetrics, isServiceWorker } from './cluster-metrics';
import { serviceMetrics } from './service-metrics';

/**
 * Prometheus scrape endpoint. Unauthenticated like /health (scrapers carry no client token), and
 * switched off with METRICS_ENABLED=false; it exposes counts and timings only, never a client,
 * token or request text. Left out of the API reference: it is for operators (DEPLOYMENT.md). With
 * several service processes on one port, any of them answers for all (summed by the primary).
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  @Get()
  @Header('Cache-Control', 'no-store')
  async scrape(@Res() res: Response): Promise<void> {
    const body = isServiceWorker() ? await clusterMetrics() : await serviceMetrics.registry.metrics();
    res.type(serviceMetrics.registry.contentType).send(body);
  }
}
