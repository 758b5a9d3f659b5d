import {
  Body,
  CanActivate,
  Controller,
  DynamicModule,
  ExecutionContext,
  Get,
  Injectable,
  Module,
  NotFoundException,
  Post,
  UnauthorizedException,
} from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Request } from 'express';
import { MIGRATIONS } from '../../src';

/**
 * A stand-in for a larger Nest application that embeds the service's modules: its own
 * TypeORM configuration, its own authentication (a session header) and its own global prefix.
 */

/** The host's users: a session id maps to a user of some property-management company. */
export const HOST_SESSIONS: Record<string, { user: string; company: string }> = {};

export interface HostRequest extends Request {
  user?: { user: string; company: string };
}

/** The host's own authentication, global as hosts usually have it: X-Session must name a known session. */
@Injectable()
export class HostSessionGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<HostRequest>();
    const session = HOST_SESSIONS[String(req.headers['x-session'] ?? '')];
    if (!session) throw new UnauthorizedException('host: sign in first');
    req.user = session;
    return true;
  }
}

/** How the host tells the embedded modules who is calling: the company of the signed-in user. */
export const companyOfRequest = (req: Request): string | undefined => (req as HostRequest).user?.company;

/** Settings the host keeps in its own configuration provider. */
export class HostSettings {
  readonly ocrWorkers = 1;
  readonly enrichBodyBytes = 256 * 1024;
}

@Module({ providers: [HostSettings], exports: [HostSettings] })
export class HostSettingsModule {}

/** The host's database connection; a named one when `dataSource` is given. */
export function hostDatabase(dataSource?: string): DynamicModule {
  return TypeOrmModule.forRoot({
    name: dataSource,
    type: 'postgres',
    url: process.env.DATABASE_URL,
    autoLoadEntities: true,
    migrations: MIGRATIONS,
    migrationsRun: true,
    extra: { max: 2 },
  });
}

/** The host's own routes, which the embedded modules must leave alone (no global pipe, filter or guard of theirs). */
@Controller('host')
export class HostController {
  @Post('echo')
  echo(@Body() body: unknown): unknown {
    return body;
  }

  @Get('missing')
  missing(): never {
    throw new NotFoundException('host: no such thing');
  }
}

export async function startHost(modules: DynamicModule[], dataSource?: string): Promise<NestExpressApplication> {
  @Module({
    imports: [HostSettingsModule, hostDatabase(dataSource), ...modules],
    controllers: [HostController],
    providers: [{ provide: APP_GUARD, useClass: HostSessionGuard }],
  })
  class HostAppModule {}

  const app = await NestFactory.create<NestExpressApplication>(HostAppModule, { logger: false, abortOnError: false });
  app.setGlobalPrefix('api');
  await app.init();
  return app;
}
