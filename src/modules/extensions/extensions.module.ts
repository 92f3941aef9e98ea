import { Module } from '@nestjs/common';
import { ExtensionsController } from './extensions.controller';

/** `/extensions`: the honest answers of a platform without extensions. */
@Module({ controllers: [ExtensionsController] })
export class ExtensionsModule {}
