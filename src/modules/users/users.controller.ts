import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiQuery, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { AdminOnly } from '../../common/decorators/admin-only.decorator';
import { InvalidCredentialsError } from '../../common/errors/errors';
import { AcceptInviteDto, InviteDto } from './dto/invite.dto';
import { TfaDisableDto, TfaEnableDto, TfaGenerateDto } from './dto/tfa.dto';
import { UserInputDto } from './dto/user-input.dto';
import { parseUsersQuery } from './lib/parse-users-query';
import { serializeUser } from './lib/serialize-user';
import { TfaService } from './tfa.service';
import { UsersService } from './users.service';

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
  @ApiOkResponse({ description: '`{ data: user }`' })
  async create(@Body() dto: UserInputDto, @Query() raw: Record<string, unknown>) {
    const { fields } = parseUsersQuery(raw);
    const id = await this.users.create(dto);
    return { data: this.withShownToken(serializeUser(await this.users.readOne(id), fields), dto) };
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
