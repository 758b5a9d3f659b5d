import type { NextFunction, Request, Response } from 'express';
import { serviceMetrics } from './service-metrics';

/**
 * Times every request to the end of its response, labelled by the route template that served it
 * (`/work-order/enrich`, never the raw URL: ids and query strings would make a series per
 * request); requests no route of the service matched share the label `unmatched`.
 */
export function httpMetricsMiddleware(req: Request, res: Response, next: NextFunction): void {
  const end = serviceMetrics.httpDuration.startTimer();
  res.once('finish', () => {
    const routePath = (req.route as { path?: string } | undefined)?.path;
    // A catch-all route (the 404 handler's `/{*path}`) is no route of the service.
    const matched = routePath !== undefined && !routePath.includes('*');
    end({ method: req.method, route: matched ? `${req.baseUrl}${routePath}` : 'unmatched', status: String(res.statusCode) });
  });
  next();
}
