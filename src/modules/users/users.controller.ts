import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiNoContentResponse, ApiOkResponse, ApiQuery, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { AdminOnly } from '../../common/decorators/admin-only.decorator';
import { InvalidCredentialsError, InvalidPayloadError } from '../../common/errors/errors';
import { createValidationPipe } from '../../common/validation.pipe';
import { AcceptInviteDto, InviteDto } from './dto/invite.dto';
import { TfaDisableDto, TfaEnableDto, TfaGenerateDto } from './dto/tfa.dto';
import { UserInputDto } from './dto/user-input.dto';
import { parseUsersQuery } from './lib/parse-users-query';
import { serializeUser } from './lib/serialize-user';
import { TfaService } from './tfa.service';
import { UsersService } from './users.service';

/** Batch bodies (API.md 1.7) cannot name one DTO class, so each item goes through the same validation pipe by hand. */
function asUserInput(value: unknown): Promise<UserInputDto> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return Promise.reject(new InvalidPayloadError('Every user has to be an object'));
  }
  return createValidationPipe().transform(value, { type: 'body', metatype: UserInputDto }) as Promise<UserInputDto>;
}

function stringKeys(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((k) => typeof k === 'string')) {
    throw new InvalidPayloadError('"keys" has to be a non-empty array of user ids');
  }
  return value as string[];
}

function keysOf(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) throw new InvalidPayloadError('Expected an array of ids or { keys }');
  if ('query' in body) throw new InvalidPayloadError('"query" batches are not supported for users yet; use "keys"');
  return stringKeys((body as { keys?: unknown }).keys);
}

function keysAndData(body: unknown): { keys: string[]; data: unknown } {
  const keys = keysOf(body);
  const data = (body as { data?: unknown }).data;
  if (data === undefined) throw new InvalidPayloadError('"data" is required');
  return { keys, data };
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
@ApiBearerAuth()
@Controller('users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly tfa: TfaService,
  ) {}

  @Get('me')
  @ApiUnauthorizedResponse({ description: 'No user behind the token (INVALID_CREDENTIALS).' })
  @ApiOkResponse({ description: '`{ data: user }`; password, tfa_secret and token concealed.' })
  async readMe(@Acc() acc: Accountability, @Query() raw: Record<string, unknown>) {
    return { data: serializeUser(await this.users.readOne(me(acc)), parseUsersQuery(raw).fields) };
  }

  @Patch('me')
  @ApiUnauthorizedResponse({ description: 'No user behind the token (INVALID_CREDENTIALS).' })
  @ApiOkResponse({ description: '`{ data: user }`' })
  async updateMe(@Acc() acc: Accountability, @Body() dto: UserInputDto, @Query() raw: Record<string, unknown>) {
    const { fields } = parseUsersQuery(raw);
    const id = me(acc);
    await this.users.updateSelf(acc, dto);
    return { data: serializeUser(await this.users.readOne(id), fields) };
  }

  @Post('me/tfa/generate')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{ data: { secret, otpauth_url } }`; TFA is on only after /users/me/tfa/enable.' })
  async generateTfa(@Acc() acc: Accountability, @Body() dto: TfaGenerateDto) {
    return { data: await this.tfa.generate(me(acc), dto.password) };
  }

  @Post('me/tfa/enable')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'TFA enabled; a wrong otp is 400 INVALID_PAYLOAD.' })
  async enableTfa(@Acc() acc: Accountability, @Body() dto: TfaEnableDto): Promise<void> {
    await this.tfa.enable(me(acc), dto.secret, dto.otp);
  }

  @Post('me/tfa/disable')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'TFA disabled; a wrong otp is 400 INVALID_PAYLOAD.' })
  async disableTfa(@Acc() acc: Accountability, @Body() dto: TfaDisableDto): Promise<void> {
    await this.tfa.disable(me(acc), dto.otp);
  }

  @Post('invite')
  @HttpCode(204)
  @AdminOnly()
  @ApiNoContentResponse({ description: 'Invited users are created with status `invited` and mailed a link.' })
  async invite(@Body() dto: InviteDto): Promise<void> {
    await this.users.invite(dto.email, dto.role, dto.invite_url);
  }

  @Post('invite/accept')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The invited user is active with the chosen password.' })
  async acceptInvite(@Body() dto: AcceptInviteDto): Promise<void> {
    await this.users.acceptInvite(dto.token, dto.password);
  }

  @Get()
  @AdminOnly()
  @ApiQuery({ name: 'fields', required: false, description: 'Top-level fields, CSV; `*` for all.' })
  @ApiQuery({ name: 'limit', required: false, description: 'Default QUERY_LIMIT_DEFAULT (100); -1 for all.' })
  @ApiQuery({ name: 'offset', required: false })
  @ApiOkResponse({ description: '`{ data: [user] }`' })
  async readMany(@Query() raw: Record<string, unknown>) {
    const query = parseUsersQuery(raw);
    const users = await this.users.readMany(query.limit, query.offset);
    return { data: users.map((user) => serializeUser(user, query.fields)) };
  }

  @Post()
  @HttpCode(200)
  @AdminOnly()
  @ApiBody({ type: UserInputDto, description: 'One user, or an array of users (created all or nothing).' })
  @ApiOkResponse({ description: '`{ data: user }`, or `{ data: [user] }` for an array' })
  async create(@Body() body: unknown, @Query() raw: Record<string, unknown>) {
    const { fields } = parseUsersQuery(raw);
    if (Array.isArray(body)) {
      const dtos = await Promise.all(body.map((item) => asUserInput(item)));
      const ids = await this.users.createMany(dtos);
      return { data: await Promise.all(ids.map(async (id, i) => this.withShownToken(serializeUser(await this.users.readOne(id), fields), dtos[i]))) };
    }
    const dto = await asUserInput(body);
    const id = await this.users.create(dto);
    return { data: this.withShownToken(serializeUser(await this.users.readOne(id), fields), dto) };
  }

  @Patch()
  @AdminOnly()
  @ApiBody({ schema: { oneOf: [{ type: 'array', items: { type: 'object' } }, { type: 'object', properties: { keys: { type: 'array' }, data: { type: 'object' } } }] } })
  @ApiOkResponse({ description: '`{ data: [user] }`: an array of users with their `id` (each its own update), or `{ keys, data }`' })
  async updateMany(@Body() body: unknown, @Acc() acc: Accountability, @Query() raw: Record<string, unknown>) {
    const { fields } = parseUsersQuery(raw);
    const ids: string[] = [];
    if (Array.isArray(body)) {
      const updates = await Promise.all(body.map(async (item) => ({ id: primaryKeyOf(item), input: await asUserInput(item) })));
      await this.users.updateBatch(updates, acc);
      ids.push(...updates.map((u) => u.id));
    } else {
      const { keys, data } = keysAndData(body);
      await this.users.updateMany(keys, await asUserInput(data), acc);
      ids.push(...keys);
    }
    return { data: await Promise.all(ids.map(async (id) => serializeUser(await this.users.readOne(id), fields))) };
  }

  @Delete()
  @HttpCode(204)
  @AdminOnly()
  @ApiBody({ schema: { oneOf: [{ type: 'array', items: { type: 'string' } }, { type: 'object', properties: { keys: { type: 'array' } } }] } })
  @ApiNoContentResponse({ description: 'The users (an array of ids, or `{ keys }`) and their sessions are gone.' })
  async deleteMany(@Body() body: unknown): Promise<void> {
    await this.users.deleteMany(Array.isArray(body) ? stringKeys(body) : keysOf(body));
  }

  @Get(':id')
  @AdminOnly()
  @ApiOkResponse({ description: '`{ data: user }`; an unknown id is 403 FORBIDDEN.' })
  async readOne(@Param('id') id: string, @Query() raw: Record<string, unknown>) {
    return { data: serializeUser(await this.users.readOne(id), parseUsersQuery(raw).fields) };
  }

  @Patch(':id')
  @AdminOnly()
  @ApiOkResponse({ description: '`{ data: user }`' })
  async update(@Param('id') id: string, @Body() dto: UserInputDto, @Acc() acc: Accountability, @Query() raw: Record<string, unknown>) {
    const { fields } = parseUsersQuery(raw);
    await this.users.update(id, dto, acc);
    return { data: this.withShownToken(serializeUser(await this.users.readOne(id), fields), dto) };
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly()
  @ApiNoContentResponse({ description: 'The user and their sessions are gone.' })
  async delete(@Param('id') id: string): Promise<void> {
    await this.users.delete(id);
  }

  @Post(':id/tfa/disable')
  @HttpCode(204)
  @AdminOnly()
  @ApiNoContentResponse({ description: 'TFA removed for that user.' })
  async disableTfaFor(@Param('id') id: string): Promise<void> {
    await this.tfa.disableFor(id);
  }

  /** Static tokens are stored hashed: the response that sets one is the only place it is shown. */
  private withShownToken<T extends { token?: string | null }>(user: T, dto: UserInputDto): T {
    return typeof dto.token === 'string' && 'token' in user ? { ...user, token: dto.token } : user;
  }
}
