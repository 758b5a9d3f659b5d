import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiTokenEntity } from './api-token.entity';
import { ApiTokenService } from './api-token.service';
import { BearerAuthGuard } from './bearer-auth.guard';
import { BearerStrategy } from './bearer.strategy';
import { ClientEntity } from './client.entity';

@Module({
  imports: [PassportModule, TypeOrmModule.forFeature([ClientEntity, ApiTokenEntity])],
  providers: [ApiTokenService, BearerStrategy, BearerAuthGuard],
  exports: [ApiTokenService, BearerAuthGuard],
})
export class AuthModule {}
