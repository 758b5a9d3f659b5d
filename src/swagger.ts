import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ErrorCode } from './common/app-error';
import { HTTP_STATUS_BY_CODE, HttpErrorCode } from './common/error-http';
import { ErrorDetailDto, ErrorResponseDto } from './common/error-response.dto';

// The OpenAPI object types, derived from the exported document type (the package exports no
// others from its entry point, and its dist folder is not a stable API).
type OperationObject = NonNullable<OpenAPIObject['paths'][string]['post']>;
type ParameterObject = Exclude<NonNullable<OperationObject['parameters']>[number], ReferenceObject>;
type ReferenceObject = { $ref: string };
type RequestBodyObject = Exclude<NonNullable<OperationObject['requestBody']>, ReferenceObject>;
type ResponseObject = Exclude<OperationObject['responses'][string], ReferenceObject | undefined>;

export const DOCS_PATH = 'docs';
export const API_VERSION = '0.1.0';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Work Order Diagnosis & Asset Intelligence API')
    .setDescription(
      [
        'Diagnoses maintenance work orders from your own history and a maintenance knowledge base, and profiles equipment from a nameplate photo or its model and serial number.',
        'Every product endpoint needs `Authorization: Bearer <token>`; a token belongs to one client, and a client only ever sees its own data. To try the API here, click **Authorize**, paste a token (a fresh embedded install writes one to `data/demo-token.txt`), then open an operation and use **Try it out**: its prefilled values are working examples.',
        'Every answer other than 200 is a JSON body `{ statusCode, error, message, details[], requestId }`; every response carries `X-Request-Id`. Besides the answers listed under each operation, any route can answer 404 `NOT_FOUND`, 405 `METHOD_NOT_ALLOWED` (with `Allow`), 503 `SERVICE_UNAVAILABLE` while the database is down (with `Retry-After`) and 500 `INTERNAL_ERROR`, whose details are only in the log under the request id.',
      ].join('\n\n'),
    )
    .setVersion(API_VERSION)
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'woi_<43 characters>',
      description: 'API token created with `npm run cli -- token create --client <name>`.',
    })
    .addTag('Work orders', 'Diagnose work orders from your history and maintenance knowledge, and import past work orders into that history.')
    .addTag('Asset intelligence', 'Identify equipment and its lifecycle from a nameplate photo or model and serial number.')
    .addTag('Health', 'Liveness and database status; no token needed.')
    // Relative, so Swagger UI and generated clients call whichever host served the document.
    .addServer('/', 'The host this service is deployed on (the one serving this document).')
    .build();
  const document = SwaggerModule.createDocument(app, config, { extraModels: [ErrorResponseDto, ErrorDetailDto] });
  return withErrorExamples(withDocumentSettings(document));
}

/** Operations anyone may call without a token; everything else declares bearer security itself. */
const PUBLIC_OPERATIONS: ReadonlyArray<readonly [path: string, method: 'get']> = [['/health', 'get']];

/**
 * An explicit empty `security` on public operations: without one, an operation reads as "forgot
 * to say" to linters and client generators rather than "no token needed". Set here because the
 * health controller belongs to the standalone app and @nestjs/swagger has no decorator for `[]`.
 */
function withDocumentSettings(document: OpenAPIObject): OpenAPIObject {
  for (const [path, method] of PUBLIC_OPERATIONS) {
    const operation = document.paths[path]?.[method];
    if (operation) operation.security = [];
  }
  // A nullable object property is `nullable` + `allOf: [$ref]` (OpenAPI 3.0 ignores `nullable`
  // beside a bare $ref); @nestjs/swagger drops the `type: object` that must stand beside `nullable`.
  for (const schema of Object.values(document.components?.schemas ?? {})) {
    if (isRef(schema)) continue;
    for (const property of Object.values(schema.properties ?? {})) {
      if (!isRef(property) && property.nullable && property.allOf && !property.type) property.type = 'object';
    }
  }
  return document;
}

const ERROR_SCHEMA_REF = '#/components/schemas/ErrorResponseDto';
const isRef = (value: object | undefined): value is ReferenceObject => !!value && '$ref' in value;

/**
 * Gives every documented error answer an example with its own status and error code. Without it
 * Swagger UI shows the ErrorResponseDto property examples (a 400 VALIDATION_FAILED) under 401,
 * 413, 429, 503 and every other status.
 */
function withErrorExamples(document: OpenAPIObject): OpenAPIObject {
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem) as OperationObject[]) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const media = isRef(response) ? undefined : (response as ResponseObject).content?.['application/json'];
        if (!media || !isRef(media.schema) || media.schema.$ref !== ERROR_SCHEMA_REF || media.example !== undefined) continue;
        media.example = errorExample(
          Number(status),
          (response as ResponseObject).description,
          status === '400' ? firstRequiredField(document, operation) : undefined,
        );
      }
    }
  }
  return document;
}

/** A required field an operation's 400 example names, and whether the validation pipe reports it. */
interface RequiredField {
  name: string;
  /** Query parameters and JSON bodies go through the validation pipe and its message format. */
  validated: boolean;
}

function errorExample(status: number, description: string, missing: RequiredField | undefined): ErrorResponseDto {
  // The first code of a status is its usual one (400 is VALIDATION_FAILED rather than MALFORMED_BODY).
  const code = (Object.keys(HTTP_STATUS_BY_CODE) as HttpErrorCode[]).find((c) => HTTP_STATUS_BY_CODE[c] === status) ?? ErrorCode.Internal;
  return {
    statusCode: status,
    error: code,
    message: missing?.validated ? `Request validation failed: ${missing.name}` : description.replace(/\.$/, ''),
    details: missing ? [{ field: missing.name, message: `${missing.name} is required` }] : [],
    requestId: '7f9c2b1e-4c1a-4f0e-9a43-3d1c2f0e8b11',
  };
}

/** The first required query parameter or request body property of an operation. */
function firstRequiredField(document: OpenAPIObject, operation: OperationObject): RequiredField | undefined {
  const parameter = operation.parameters?.find((p): p is ParameterObject => !isRef(p) && p.required === true);
  if (parameter) return { name: parameter.name, validated: true };
  const body = isRef(operation.requestBody) ? undefined : (operation.requestBody as RequestBodyObject | undefined);
  const [mediaType, media] = Object.entries(body?.content ?? {})[0] ?? [];
  const component = isRef(media?.schema) ? document.components?.schemas?.[media.schema.$ref.split('/').pop()!] : undefined;
  const name = component && !isRef(component) ? component.required?.[0] : undefined;
  return name ? { name, validated: mediaType === 'application/json' } : undefined;
}

/** Serves Swagger UI at /docs and the OpenAPI JSON at /docs-json. */
export function setupSwagger(app: INestApplication): void {
  SwaggerModule.setup(DOCS_PATH, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: `${DOCS_PATH}-json`,
    swaggerOptions: { persistAuthorization: true },
  });
}
