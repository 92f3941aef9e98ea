import type { Accountability } from '../../common/accountability';
import type { Query } from '../../common/query/query.types';
import type { Item, ItemsService } from '../items/items.service';
import type { UserInput, UsersService } from './users.service';

export interface UserUpdate {
  id: string;
  input: UserInput;
}

/**
 * User writes for one caller. Admins keep UsersService's own writes; everyone else writes through the
 * items engine, so their svc_users permissions (field allow-list, row filter, validation, presets) apply,
 * with UsersService's rules (password policy and hash, hashed static token, lower-case unique email,
 * API.md 3.5 session effects) on top.
 */
export class UsersWriter {
  constructor(
    private readonly users: UsersService,
    private readonly engine: ItemsService,
    private readonly acc: Accountability,
  ) {}

  async create(inputs: UserInput[]): Promise<string[]> {
    if (this.acc.admin) return this.users.createMany(inputs, this.acc);
    const rows: Item[] = [];
    for (const input of inputs) rows.push(await this.users.toEngineInput(input));
    return (await this.engine.createMany(rows)).map(String);
  }

  async update(updates: UserUpdate[]): Promise<string[]> {
    if (this.acc.admin) {
      await this.users.updateBatch(updates, this.acc);
      return updates.map((u) => u.id);
    }
    this.users.assertUpdates(updates);
    const rows: Item[] = [];
    for (const { id, input } of updates) rows.push({ ...(await this.users.toEngineInput(input)), id });
    await this.engine.updateBatch(rows);
    await this.users.endSessions(updates, this.acc);
    return updates.map((u) => u.id);
  }

  async updateByQuery(query: Query, input: UserInput): Promise<string[]> {
    return this.update((await this.keysOf(query)).map((id) => ({ id, input })));
  }

  async delete(ids: string[]): Promise<void> {
    if (this.acc.admin) await this.users.deleteMany(ids, this.acc);
    else await this.engine.deleteMany(ids);
  }

  async deleteByQuery(query: Query): Promise<void> {
    const ids = await this.keysOf(query);
    if (ids.length) await this.delete(ids);
  }

  /** The users the caller can see that match the query, as the items engine selects them for `{ query }` batches. */
  private async keysOf(query: Query): Promise<string[]> {
    const rows = await this.engine.readByQuery({ ...query, fields: ['id'], aggregate: undefined, groupBy: undefined, deep: undefined });
    return rows.map((row) => String(row.id));
  }
}
