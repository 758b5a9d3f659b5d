import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ErrorDetailDto, ErrorResponseDto } from './common/error-response.dto';

export const DOCS_PATH = 'docs';
export const API_VERSION = '0.1.0';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Work Order Diagnosis & Asset Intelligence API')
    .setDescription(
      [
        'Diagnoses maintenance work orders from your own history and a maintenance knowledge base, and profiles equipment from a nameplate photo or its model and serial number.',
        '',
        'Every product endpoint needs `Authorization: Bearer <token>`; a token belongs to one client, and a client only ever sees its own data.',
        'Every answer other than 200 is a JSON body `{ statusCode, error, message, details[], requestId }`; every response carries `X-Request-Id`.',
      ].join('\n'),
    )
    .setVersion(API_VERSION)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'woi_<43 characters>', description: 'API token created with `npm run cli -- token create --client <name>`.' })
    .addTag('Work orders', 'Diagnose work orders from history and maintenance knowledge.')
    .addTag('Asset intelligence', 'Identify equipment and its lifecycle from a nameplate photo or model and serial number.')
    .addTag('Health', 'Liveness and database status.')
    .build();
  return SwaggerModule.createDocument(app, config, { extraModels: [ErrorResponseDto, ErrorDetailDto] });
}

/** Serves Swagger UI at /docs and the OpenAPI JSON at /docs-json. */
export function setupSwagger(app: INestApplication): void {
  SwaggerModule.setup(DOCS_PATH, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: `${DOCS_PATH}-json`,
    swaggerOptions: { persistAuthorization: true },
  });
}
