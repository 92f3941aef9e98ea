import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { GenerationCache } from '../cache/lib/generation-cache';
import { CountCacheService } from '../items/count-cache.service';
import { SettingsEntity } from './entities/settings.entity';

/** The settings singleton (API.md 12). The row is created at first start. */
@Injectable()
export class SettingsService {
  /** Read on many requests (assets, sign-in, passwords): kept while svc_settings is unchanged. */
  private readonly cache = new GenerationCache<SettingsEntity>(1);

  constructor(
    @InjectRepository(SettingsEntity) private readonly settings: Repository<SettingsEntity>,
    private readonly generations: CountCacheService,
  ) {}

  /** The settings row; shared by every caller, so never to be changed in place. */
  async read(): Promise<SettingsEntity> {
    return this.generations.cachedRead(this.cache, 'settings', ['svc_settings'], async () => {
      const [row] = await this.settings.find({ order: { id: 'ASC' }, take: 1 });
      return Object.freeze(row ?? (await this.ensure()));
    });
  }

  async ensure(): Promise<SettingsEntity> {
    const [row] = await this.settings.find({ order: { id: 'ASC' }, take: 1 });
    if (row) return row;
    return this.settings.save(
      this.settings.create({ project_name: 'Vellum', auth_login_attempts: 25, storage_asset_transform: 'all' }),
    );
  }
}
