import { Injectable } from '@nestjs/common';
import type { Accountability } from '../../common/accountability';
import { ItemsFactory } from '../items/items.factory';

/** `POST /utils/sort/:collection` and `utils_sort` (API.md 2), run by the items engine's moveSort. */
@Injectable()
export class SortService {
  constructor(private readonly items: ItemsFactory) {}

  sort(collection: string, acc: Accountability | null, item: unknown, to: unknown): Promise<void> {
    return this.items.for(collection, acc).moveSort(item, to);
  }
}
