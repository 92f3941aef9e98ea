import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SettingsEntity } from './entities/settings.entity';

/** The settings singleton (API.md 12). The row is created at first start. */
@Injectable()
export class SettingsService {
  constructor(@InjectRepository(SettingsEntity) private readonly settings: Repository<SettingsEntity>) {}

  async read(): Promise<SettingsEntity> {
    const [row] = await this.settings.find({ order: { id: 'ASC' }, take: 1 });
    return row ?? (await this.ensure());
  }

  async ensure(): Promise<SettingsEntity> {
    const [row] = await this.settings.find({ order: { id: 'ASC' }, take: 1 });
    if (row) return row;
    return this.settings.save(this.settings.create({ project_name: 'Vellum', auth_login_attempts: 25, storage_asset_transform: 'all' }));
  }
}
