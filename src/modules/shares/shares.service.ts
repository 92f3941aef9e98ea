import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { ForbiddenError, InvalidCredentialsError, InvalidPayloadError } from '../../common/errors/errors';
import { isUuid } from '../../common/is-uuid';
import { isPlainObject } from '../../common/is-plain-object';
import type { Item, ItemsService, PrimaryKey } from '../items/items.service';
import type { ItemsCreator } from '../items/collection-controller';
import { assertItemReadable } from '../items/item-access';
import { ItemsFactory } from '../items/items.factory';
import { HashService } from '../hash/hash.service';
import { PermissionsService } from '../permissions/permissions.service';
import { isShareOpen, ShareLimits } from './lib/share-window';
import { readInviteBody, shareInviteMail } from './lib/share-invite-mail';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { MailService } from '../mail/mail.service';

/** What `GET /shares/info/:id` tells anyone holding the link, before they sign in with it. */
const INFO_FIELDS = ['id', 'collection', 'item', 'password', 'max_uses', 'times_used', 'date_start', 'date_end'];

/** What a share session is about: the share and the one item it opens. */
export interface ShareScope {
  id: string;
  collection: string;
  item: string;
}

type ShareRow = ShareScope & ShareLimits & { password: string | null };

/** svc_shares through the items engine, with the reference's rule that only who may share an item shares it. */
@Injectable()
export class SharesService implements ItemsCreator {
  constructor(
    private readonly items: ItemsFactory,
    private readonly permissions: PermissionsService,
    private readonly dataSource: DataSource,
    private readonly hasher: HashService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  for(acc: Accountability | null): ItemsService {
    return this.items.for('svc_shares', acc);
  }

  /** One share (object body) or many (array); each needs the right to share its item. */
  async create(body: unknown, acc: Accountability): Promise<PrimaryKey | PrimaryKey[]> {
    const list: unknown[] = Array.isArray(body) ? (body as unknown[]) : [body];
    const shares = list.map((share) =>
      isPlainObject(share) && typeof share.item === 'number' ? { ...share, item: String(share.item) } : share,
    );
    for (const share of shares) await this.assertMayShare(share, acc);
    return Array.isArray(body)
      ? this.for(acc).createMany(shares as Item[])
      : this.for(acc).createOne(shares[0] as Item);
  }

  /**
   * POST /shares/invite, as the reference: mails each address the link of a share the signed-in caller
   * may read, naming the caller and the share's collection. The mails go out after the answer; a failure
   * is logged.
   */
  async invite(body: unknown, acc: Accountability): Promise<void> {
    const { share, emails } = readInviteBody(body);
    if (!acc.user) throw new ForbiddenError();
    const { collection } = await this.for(acc).readOne(share, { fields: ['collection'] });
    const inviter = await this.items
      .for('svc_users', null)
      .readOne(acc.user, { fields: ['first_name', 'last_name', 'email'] });
    const link = `${this.config.publicUrl}/admin/shared/${encodeURIComponent(share)}`;
    for (const email of emails) this.mail.sendInBackground(shareInviteMail(email, inviter, String(collection), link));
  }

  /** The share's public facts while it is open; FORBIDDEN for a share that is unknown, not yet or no longer open. */
  async info(id: string): Promise<Item> {
    const share = await this.for(null)
      .readOne(id, { fields: INFO_FIELDS })
      .catch(() => null);
    if (!share || !isShareOpen(share as unknown as ShareLimits, new Date())) throw new ForbiddenError();
    return share;
  }

  /**
   * Signing in with a share (POST /shares/auth) uses it once. An unknown or closed share and a wrong or
   * missing password all answer INVALID_CREDENTIALS, as the reference does, so none is told from another.
   */
  async signIn(id: string, password: string | undefined): Promise<ShareScope> {
    const share = await this.row(id);
    if (!share || !isShareOpen(share, new Date())) throw new InvalidCredentialsError();
    if (
      share.password !== null &&
      !(password !== undefined && (await this.passwordMatches(share.password, password)))
    ) {
      throw new InvalidCredentialsError();
    }
    // Counted in the statement that checks the limit, so two sign-ins at once cannot both take the last use.
    const used = await this.dataSource
      .createQueryBuilder()
      .update('svc_shares')
      .set({ times_used: () => 'times_used + 1' })
      .where('id = :id', { id })
      .andWhere('(max_uses IS NULL OR times_used < max_uses)')
      .execute();
    if (!used.affected) throw new InvalidCredentialsError();
    return { id: share.id, collection: share.collection, item: share.item };
  }

  /** The share behind a share session, while its dates allow it (a refresh is no new use); null otherwise. */
  async stillOpen(id: string): Promise<ShareScope | null> {
    const share = await this.row(id);
    if (!share || !isShareOpen({ ...share, max_uses: null }, new Date())) return null;
    return { id: share.id, collection: share.collection, item: share.item };
  }

  /** The share as the engine reads it (typed dates), with the stored password hash the engine conceals. */
  private async row(id: string): Promise<ShareRow | null> {
    if (!isUuid(id)) return null;
    const share = await this.for(null)
      .readOne(id, { fields: ['id', 'collection', 'item', 'date_start', 'date_end', 'times_used', 'max_uses'] })
      .catch(() => null);
    if (!share) return null;
    const secret = await this.dataSource
      .createQueryBuilder()
      .select('s.password', 'password')
      .from('svc_shares', 's')
      .where('s.id = :id', { id })
      .getRawOne<{ password: string | null }>();
    return { ...(share as unknown as ShareRow), password: secret?.password ?? null };
  }

  private passwordMatches(hash: string, password: string): Promise<boolean> {
    return this.hasher.verify(hash, password).catch(() => false);
  }

  /**
   * Admins share anything. Anyone else needs a `share` rule on the item's collection whose row filter
   * the item passes, and must be able to read the item: a share never opens more than its author sees.
   */
  private async assertMayShare(share: unknown, acc: Accountability): Promise<void> {
    if (acc.admin) return;
    if (!isPlainObject(share) || typeof share.collection !== 'string' || typeof share.item !== 'string') {
      throw new InvalidPayloadError('A share needs "collection" and "item"');
    }
    const rule = (await this.permissions.rules(acc)).find(
      (r) => r.collection === share.collection && (r.action as string) === 'share',
    );
    if (!rule) throw new ForbiddenError();
    await assertItemReadable(this.items, acc, share.collection, share.item, rule.permissions);
  }
}
