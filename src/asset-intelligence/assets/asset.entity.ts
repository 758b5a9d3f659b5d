import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';
import type { LlmAssetFacts } from '../decoders/llm-merge';
import type { StoredAssetProfile } from './asset-profile.mapper';

/** An asset one client has analyzed; keyed by normalized brand, model and serial. */
@Entity({ name: 'assets' })
@Unique('uq_assets_client_key', ['clientId', 'assetKey'])
export class AssetEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'client_id', type: 'uuid' }) clientId: string;
  @Column({ name: 'asset_key', type: 'varchar', length: 320 }) assetKey: string;
  @Column({ type: 'varchar', length: 100, nullable: true }) brand: string | null;
  @Column({ name: 'model_number', type: 'varchar', length: 100, nullable: true }) modelNumber: string | null;
  @Column({ name: 'serial_number', type: 'varchar', length: 100, nullable: true }) serialNumber: string | null;
  @Column({ name: 'equipment_type', type: 'varchar', length: 100, nullable: true }) equipmentType: string | null;
  @Column({ name: 'manufacture_year', type: 'int', nullable: true }) manufactureYear: number | null;
  @Column({ name: 'manufacture_month', type: 'int', nullable: true }) manufactureMonth: number | null;
  @Column({
    name: 'typical_life_years',
    type: 'numeric',
    precision: 5,
    scale: 1,
    nullable: true,
    transformer: { to: (v?: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) },
  })
  typicalLifeYears: number | null;
  /** The profile in storage's own shape; asset-profile.mapper.ts converts it to and from the API DTO. */
  @Column({ type: 'jsonb' }) profile: StoredAssetProfile;
  @Column({ name: 'llm_facts', type: 'jsonb', nullable: true }) llmFacts: LlmAssetFacts | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
