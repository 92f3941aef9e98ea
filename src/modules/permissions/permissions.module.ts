import { Module } from '@nestjs/common';
import { AccessGrantsService } from './access-grants.service';
import { PermissionsService } from './permissions.service';

@Module({ providers: [PermissionsService, AccessGrantsService], exports: [PermissionsService, AccessGrantsService] })
export class PermissionsModule {}
