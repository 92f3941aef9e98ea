import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { UsersModule } from '../users/users.module';
import { BOOTSTRAP_OUTPUT, BootstrapService } from './bootstrap.service';

@Module({
  imports: [UsersModule, SettingsModule],
  providers: [BootstrapService, { provide: BOOTSTRAP_OUTPUT, useValue: (line: string) => process.stdout.write(line) }],
})
export class BootstrapModule {}
