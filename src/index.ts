/**
 * Public entry point for Nest applications that embed the service's modules. See README,
 * "Embedding in your Nest application".
 */

// Modules and their options
export { WorkOrderModule, WORK_ORDER_ENTITIES } from './work-order/work-order.module';
export type { WorkOrderModuleOptions, WorkOrderModuleExtras, LlmFailureMode } from './work-order/work-order.options';
export { AssetIntelligenceModule, ASSET_INTELLIGENCE_ENTITIES } from './asset-intelligence/asset-intelligence.module';
export type { AssetIntelligenceModuleOptions, AssetIntelligenceModuleExtras } from './asset-intelligence/asset-intelligence.options';
export { LlmModule } from './llm/llm.module';
export type { LlmModuleOptions } from './llm/llm.module';

// Who is calling
export type { ClientResolver, ClientAccessOptions } from './auth/client-access';
export type { RateLimitSettings } from './auth/rate-limiter';
export { ApiTokenService } from './auth/api-token.service';
export type { AuthenticatedClient, TokenSummary } from './auth/api-token.service';

// The language-model port, its settings and errors
export { LlmPort } from './llm/llm.port';
export type { JsonSchema, LlmImage, StructuredGenerationRequest, StructuredGenerationResult, TokenUsage } from './llm/llm.port';
export type { LlmSettings, LlmProviderName } from './llm/llm.settings';
export type { GeminiSettings } from './llm/adapters/gemini/gemini.adapter';
export type { OpenAiSettings } from './llm/adapters/openai/openai.adapter';
export type { ResilienceOptions } from './llm/resilient-llm';
export { LlmError, LlmErrorCode } from './llm/llm.errors';

// Request and response shapes
export { EnrichWorkOrderDto } from './work-order/dto/enrich-work-order.dto';
export * from './work-order/dto/work-order-enrichment.dto';
export * from './work-order/dto/import-result.dto';
export { AnalyzeAssetQuery } from './asset-intelligence/dto/analyze-asset.query';
export * from './asset-intelligence/dto/asset-profile.dto';
export * from './asset-intelligence/dto/nameplate-analysis.dto';
export { ErrorResponseDto, ErrorDetailDto } from './common/error-response.dto';
export { AppError, ErrorCode } from './common/app-error';

// Schema: entities and the migrations that create their tables
export { ENTITIES } from './database/entities';
export { MIGRATIONS } from './database/migrations';
