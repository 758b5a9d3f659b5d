import { Controller, Type } from '@nestjs/common';

/** Joins path segments, dropping empty ones and stray slashes: ('/api/', 'work-order') → 'api/work-order'. */
export function joinRoutePath(...segments: (string | undefined)[]): string {
  return segments
    .map((s) => (s ?? '').replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');
}

/**
 * A controller class served under `prefix/basePath`. Nest reads routes before any async option
 * factory runs, so the prefix is fixed per registration by subclassing the module's controller:
 * the routes, guards and Swagger metadata are inherited, only the path is new.
 */
export function routedController<T extends Type>(base: T, basePath: string, prefix?: string): T {
  const Routed = class extends base {};
  Object.defineProperty(Routed, 'name', { value: base.name });
  Controller(joinRoutePath(prefix, basePath))(Routed);
  return Routed;
}
