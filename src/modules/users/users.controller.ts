import { Body, Controller, Get, HttpCode, Inject, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { AdminOnly } from '../../common/decorators/admin-only.decorator';
import { ListQuery } from '../../common/decorators/list-query.decorator';
import { ForbiddenError, InvalidCredentialsError, InvalidPayloadError } from '../../common/errors/errors';
import type { Query } from '../../common/query/query.types';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { isPlainObject } from '../../common/is-plain-object';
import { parseQuery } from '../../common/query/parse-query';
import { ItemsHttp } from '../items/items-http';
import { itemsWriteRoutes } from '../items/items-write-routes';
import { PermissionsService } from '../permissions/permissions.service';
import { ItemsFactory } from '../items/items.factory';
import type { Item, ItemsService } from '../items/items.service';
import { AcceptInviteDto, InviteDto } from './dto/invite.dto';
import { TfaDisableDto, TfaEnableDto, TfaGenerateDto } from './dto/tfa.dto';
import { UserInputDto } from './dto/user-input.dto';
import { USERS_DOCS as docs } from './users-docs';
import { readOwnUser } from './lib/read-own-user';
import { parseUserInput } from './lib/user-input';
import { TfaService } from './tfa.service';
import { UsersWriter } from './users-writer';
import { UsersService } from './users.service';

function stringKeys(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((k) => typeof k === 'string')) {
    throw new InvalidPayloadError('"keys" has to be a non-empty array of user ids');
  }
  return value;
}

/** The users a batch body selects (API.md 1.7): `{ keys }` or `{ query }`, never both. */
type Selection = { keys: string[] } | { query: Query };

function selectionOf(body: unknown, config: AppConfig): Selection {
  if (!isPlainObject(body)) throw new InvalidPayloadError('Expected an array of ids, { keys } or { query }');
  if (body.keys !== undefined && body.query !== undefined)
    throw new InvalidPayloadError('Send "keys" or "query", not both');
  if (body.query !== undefined) {
    if (!isPlainObject(body.query)) throw new InvalidPayloadError('"query" has to be an object');
    return { query: parseQuery(body.query, config.query) };
  }
  return { keys: stringKeys(body.keys) };
}

function primaryKeyOf(item: unknown): string {
  const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
  if (typeof id !== 'string') throw new InvalidPayloadError('Every user in the array needs its "id"');
  return id;
}

/** `/users/me/*` needs a user behind the token (API.md: 401 INVALID_CREDENTIALS otherwise). */
function me(acc: Accountability): string {
  if (!acc.user) throw new InvalidCredentialsError();
  return acc.user;
}

@ApiTags('Users')
@Controller('users')
export class UsersController extends itemsWriteRoutes(docs) {
  constructor(
    private readonly users: UsersService,
    private readonly tfa: TfaService,
    private readonly items: ItemsFactory,
    private readonly permissions: PermissionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    protected readonly http: ItemsHttp,
  ) {
    super();
  }

  /** svc_users through the items engine: the shared query, the caller's permissions, concealed secrets. */
  protected engine(acc: Accountability | null): ItemsService {
    return this.items.for('svc_users', acc);
  }

  /**
   * Everyone writes within their svc_users permissions (admins: all). A caller without any permission
   * for the action is refused before the body is looked at, as the reference does.
   */
  private async usersWriter(
    acc: Accountability,
    action: 'create' | 'update' | 'delete',
    query?: Query,
  ): Promise<UsersWriter> {
    if (!(await this.permissions.find(acc, 'svc_users', action))) throw new ForbiddenError();
    // The answer re-reads with `query`: one it would refuse must fail before anything is written.
    if (query) await this.engine(acc).checkReadQuery(query);
    return this.users.writer(acc);
  }

  private asUserInput(value: unknown, mode: 'create' | 'update'): Promise<UserInputDto> {
    return parseUserInput(this.engine(null), value, mode);
  }

  /** Written users re-read with the caller's fields; a static token set by this request is shown once. */
  private async reread(acc: Accountability, res: Response, ids: string | string[], query: Query, dtos: UserInputDto[]) {
    const out = await this.http.reread(this.engine(acc), res, ids, query);
    if (!out) return out;
    const shown = (user: Item, dto: UserInputDto | undefined) =>
      dto && typeof dto.token === 'string' && 'token' in user ? { ...user, token: dto.token } : user;
    if (Array.isArray(out.data)) return { data: out.data.map((user, i) => shown(user, dtos[i])) };
    return { data: shown(out.data, dtos[0]) };
  }

  @Get('me')
  @docs.readMe()
  async readMe(@Acc() acc: Accountability, @ListQuery() query: Query) {
    // A share session has no user: the reference answers with the share it signed in with.
    if (acc.share) return { data: { share: acc.share.id } };
    return { data: await readOwnUser(this.engine(acc), me(acc), query) };
  }

  @Patch('me')
  @docs.updateMe()
  async updateMe(@Acc() acc: Accountability, @Body() body: unknown, @ListQuery() query: Query) {
    const id = me(acc);
    await this.engine(acc).checkReadQuery(query);
    await this.users.updateSelfWith(acc, body);
    return { data: await readOwnUser(this.engine(acc), id, query) };
  }

  @Post('me/tfa/generate')
  @HttpCode(200)
  @docs.generateTfa()
  async generateTfa(@Acc() acc: Accountability, @Body() dto: TfaGenerateDto) {
    return { data: await this.tfa.generate(me(acc), dto.password) };
  }

  @Post('me/tfa/enable')
  @HttpCode(204)
  @docs.enableTfa()
  async enableTfa(@Acc() acc: Accountability, @Body() dto: TfaEnableDto): Promise<void> {
    await this.tfa.enable(me(acc), dto.secret, dto.otp);
  }

  @Post('me/tfa/disable')
  @HttpCode(204)
  @docs.disableTfa()
  async disableTfa(@Acc() acc: Accountability, @Body() dto: TfaDisableDto): Promise<void> {
    await this.tfa.disable(me(acc), dto.otp);
  }

  @Post('invite')
  @HttpCode(204)
  @AdminOnly()
  @docs.invite()
  async invite(@Body() dto: InviteDto, @Acc() acc: Accountability): Promise<void> {
    await this.users.invite(dto.email, dto.role, dto.invite_url, acc.ip);
  }

  @Post('invite/accept')
  @HttpCode(204)
  @docs.acceptInvite()
  async acceptInvite(@Body() dto: AcceptInviteDto): Promise<void> {
    await this.users.acceptInvite(dto.token, dto.password);
  }

  protected override async createItems(body: unknown, query: Query, acc: Accountability, res: Response) {
    const writer = await this.usersWriter(acc, 'create', query);
    if (Array.isArray(body)) {
      const dtos = await Promise.all(body.map((item) => this.asUserInput(item, 'create')));
      return this.reread(acc, res, await writer.create(dtos), query, dtos);
    }
    const dto = await this.asUserInput(body, 'create');
    const [id] = await writer.create([dto]);
    return this.reread(acc, res, id, query, [dto]);
  }

  protected override async updateItems(body: unknown, query: Query, acc: Accountability, res: Response) {
    const writer = await this.usersWriter(acc, 'update', query);
    if (Array.isArray(body)) {
      const updates = await Promise.all(
        body.map(async (item) => ({ id: primaryKeyOf(item), input: await this.asUserInput(item, 'update') })),
      );
      return this.reread(acc, res, await writer.update(updates), query, []);
    }
    const selection = selectionOf(body, this.config);
    const data = (body as { data?: unknown }).data;
    if (data === undefined) throw new InvalidPayloadError('"data" is required');
    const input = await this.asUserInput(data, 'update');
    const ids =
      'keys' in selection
        ? await writer.update(selection.keys.map((id) => ({ id, input })))
        : await writer.updateByQuery(selection.query, input);
    return this.reread(acc, res, ids, query, []);
  }

  protected override async deleteItems(body: unknown, acc: Accountability) {
    const writer = await this.usersWriter(acc, 'delete');
    if (Array.isArray(body)) return writer.delete(stringKeys(body));
    const selection = selectionOf(body, this.config);
    return 'keys' in selection ? writer.delete(selection.keys) : writer.deleteByQuery(selection.query);
  }

  protected override async updateItem(id: string, body: unknown, query: Query, acc: Accountability, res: Response) {
    const writer = await this.usersWriter(acc, 'update', query);
    const dto = await this.asUserInput(body, 'update');
    await writer.update([{ id, input: dto }]);
    return this.reread(acc, res, id, query, [dto]);
  }

  protected override async deleteItem(id: string, acc: Accountability) {
    await (await this.usersWriter(acc, 'delete')).delete([id]);
  }

  @Post(':id/tfa/disable')
  @HttpCode(204)
  @AdminOnly()
  @docs.disableTfaFor()
  async disableTfaFor(@Param('id') id: string): Promise<void> {
    await this.tfa.disableFor(id);
  }
}
