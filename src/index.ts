/**
 * Public entry point for Nest applications that embed the service's modules. See README,
 * "Embedding in your Nest application".
 */

// Modules and their options
export { WorkOrderModule } from './work-order/work-order.module';
export { WORK_ORDER_ENTITIES } from './work-order/work-order.entities';
export type { WorkOrderModuleOptions, WorkOrderModuleExtras, LlmFailureMode } from './work-order/work-order.options';
export { CacheManagerEnrichmentCache, keyvEnrichmentCache } from './work-order/diagnosis/enrichment-cache';
export type { EnrichmentCache, CachedDiagnosis } from './work-order/diagnosis/enrichment-cache';
export { AssetIntelligenceModule } from './asset-intelligence/asset-intelligence.module';
export { ASSET_INTELLIGENCE_ENTITIES } from './asset-intelligence/asset-intelligence.entities';
export type { AssetIntelligenceModuleOptions, AssetIntelligenceModuleExtras } from './asset-intelligence/asset-intelligence.options';
export { KnownAssetLookup } from './asset-intelligence';
export type { KnownAssetRecord } from './asset-intelligence';
export { LlmModule } from './llm/llm.module';
export type { LlmModuleOptions } from './llm/llm.module';

// Who is calling, and how often: registered once, shared by both product modules
export { ClientAccessModule } from './auth/client-access.module';
export type { ClientAccessModuleExtras } from './auth/client-access.module';
export { CLIENT_ACCESS_ENTITIES } from './auth/client-access.entities';
export { CLIENT_THROTTLER_STORAGE, DEFAULT_RATE_LIMIT } from './auth/client-access.options';
export { FailOpenThrottlerStorage } from './auth/fail-open-throttler-storage';
export type { ClientResolver, ClientAccessOptions, RateLimitSettings } from './auth/client-access.options';
export { REQUEST_CLIENT_PROPERTY } from './auth/request-client';
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
export { ENTITIES, MIGRATIONS } from './schema';
