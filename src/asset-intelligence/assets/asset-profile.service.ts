import { Inject, Injectable, Logger } from '@nestjs/common';
import { MODULE_LLM } from '../../llm/llm.module';
import { LlmPort } from '../../llm/llm.port';
import { buildAssetProfile } from '../decoders/asset-profile.builder';
import { LlmAssetFacts, mergeLlmFacts } from '../decoders/llm-merge';
import type { AssetProfileDto } from '../dto/asset-profile.dto';
import { ASSET_KNOWLEDGE, type AssetKnowledge } from '../knowledge/knowledge.loader';
import { ASSET_FACTS_SCHEMA, ASSET_SYSTEM_PROMPT, assetUserContent } from './asset-llm.prompt';
import { assetKey, AssetRepository } from './asset.repository';

/** What is known about an asset before profiling it. */
export interface AssetIdentity {
  brand: string;
  model?: string | null;
  serial?: string | null;
  /** Manufacture date printed on the plate, when one was read. */
  plateDate?: { year: number; month?: number } | null;
}

/**
 * Profiles an asset offline, asks the configured model once per client and asset to fill what
 * the tables do not know (decoded facts win; conflicts become warnings), and stores the asset
 * for the client so enrich can use its age.
 */
@Injectable()
export class AssetProfileService {
  private readonly logger = new Logger(AssetProfileService.name);

  constructor(
    @Inject(MODULE_LLM) private readonly llm: LlmPort,
    private readonly assets: AssetRepository,
    @Inject(ASSET_KNOWLEDGE) private readonly knowledge: AssetKnowledge,
  ) {}

  async profile(clientId: string, identity: AssetIdentity, now = new Date()): Promise<AssetProfileDto> {
    const base = buildAssetProfile(this.knowledge, {
      brand: identity.brand,
      model: identity.model,
      serial: identity.serial,
      plateDate: identity.plateDate,
      now,
    });
    const key = assetKey(base.brand ?? identity.brand, base.model_number ?? identity.model ?? null, base.serial_number ?? identity.serial ?? null);
    const stored = await this.assets.find(clientId, key);
    let facts = stored?.llmFacts ?? null;
    let profile = base;
    if (!facts && this.llm.enabled) {
      try {
        facts = (
          await this.llm.generateStructured<LlmAssetFacts>({
            systemPrompt: ASSET_SYSTEM_PROMPT,
            userContent: assetUserContent(base),
            schema: ASSET_FACTS_SCHEMA,
            schemaName: 'asset_facts',
          })
        ).data;
      } catch (e) {
        this.logger.warn(`Asset facts from ${this.llm.provider} unavailable: ${(e as Error).message}`);
        profile = {
          ...profile,
          warnings: [...profile.warnings, `The ${this.llm.provider} model could not be reached; the profile uses offline knowledge only.`],
        };
      }
    }
    if (facts) profile = mergeLlmFacts(this.knowledge, profile, facts, now);
    await this.assets.save(clientId, key, profile, facts);
    return profile;
  }
}
