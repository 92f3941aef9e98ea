import { Module } from '@nestjs/common';
import { collectionController } from '../items/collection-controller';
import { ItemsModule } from '../items/items.module';

/** `/translations` over svc_translations: strings per key and language, readable with app access alone. */
@Module({
  imports: [ItemsModule],
  controllers: [
    collectionController('translations', 'svc_translations', {
      docs: { tag: 'Translations', many: 'Translations', one: 'Translation' },
    }),
  ],
})
export class TranslationsModule {}
