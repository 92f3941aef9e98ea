import type { EntityManager } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import type { Query } from '../../common/query/query.types';
import type { Item, ItemsService } from '../items/items.service';
import { keepingAnAdmin } from './last-admin';
import type { UserInput, UsersService } from './users.service';

export interface UserUpdate {
  id: string;
  input: UserInput;
}

/**
 * The one way users are written, for every caller (administrators, users with svc_users permissions,
 * a user's own profile, invites): through the items engine, so the caller's svc_users permissions,
 * activity, revisions and cache invalidation apply as to any item, with UsersService's rules (password
 * policy, hashed static token, lower-case unique email) before it and, inside the write's transaction,
 * the last-admin rule and the session effects of API.md 3.5.
 */
export class UsersWriter {
  constructor(
    private readonly users: UsersService,
    /** The svc_users engine of the caller, on `manager`'s transaction when given. */
    private readonly engine: (manager?: EntityManager) => ItemsService,
    private readonly acc: Accountability | null,
    private readonly manager: EntityManager,
  ) {}

  async create(inputs: UserInput[]): Promise<string[]> {
    const rows: Item[] = [];
    for (const input of inputs) rows.push(await this.users.toEngineInput(input));
    return (await this.engine().createMany(rows)).map(String);
  }

  async update(updates: UserUpdate[]): Promise<string[]> {
    this.users.assertUpdates(updates);
    const rows: Item[] = [];
    for (const { id, input } of updates) rows.push({ ...(await this.users.toEngineInput(input)), id });
    const demoting = updates.filter((u) => u.input.role !== undefined || u.input.status !== undefined).map((u) => u.id);
    await keepingAnAdmin(this.manager, demoting, async (manager) => {
      await this.engine(manager).updateBatch(rows);
      await this.users.endSessions(updates, this.acc, manager);
    });
    return updates.map((u) => u.id);
  }

  async updateByQuery(query: Query, input: UserInput): Promise<string[]> {
    return this.update((await this.keysOf(query)).map((id) => ({ id, input })));
  }

  /** Their sessions go with them (the foreign key cascades). */
  async delete(ids: string[]): Promise<void> {
    await keepingAnAdmin(this.manager, ids, (manager) => this.engine(manager).deleteMany(ids));
  }

  async deleteByQuery(query: Query): Promise<void> {
    const ids = await this.keysOf(query);
    if (ids.length) await this.delete(ids);
  }

  /** The users the caller can see that match the query, as the items engine selects them for `{ query }` batches. */
  private async keysOf(query: Query): Promise<string[]> {
    return (await this.engine().keysByQuery(query)).map(String);
  }
}
