import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { isUuid } from '../../common/is-uuid';
import { HashService } from '../hash/hash.service';
import { RoleEntity } from './entities/role.entity';
import { UserEntity } from './entities/user.entity';

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(RoleEntity) private readonly roles: Repository<RoleEntity>,
    private readonly hasher: HashService,
  ) {}

  count(): Promise<number> {
    return this.users.count();
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  /** Emails are compared case-insensitively, as users type them. */
  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .where('LOWER(u.email) = :email', { email: email.toLowerCase() })
      .getOne();
  }

  findRole(id: string | null): Promise<RoleEntity | null> {
    return id ? this.roles.findOneBy({ id }) : Promise.resolve(null);
  }

  /** A role by id or, for people typing on a command line, by name. */
  async findRoleByIdOrName(idOrName: string): Promise<RoleEntity | null> {
    const byId = isUuid(idOrName) ? await this.roles.findOneBy({ id: idOrName }) : null;
    return byId ?? (await this.roles.findOneBy({ name: idOrName }));
  }

  async createRole(role: Partial<RoleEntity> & { name: string }): Promise<RoleEntity> {
    return this.roles.save(this.roles.create({ id: randomUUID(), ...role }));
  }

  async createUser(user: Partial<UserEntity> & { email: string; password?: string }): Promise<UserEntity> {
    const password = user.password ? await this.hasher.hash(user.password) : null;
    return this.users.save(
      this.users.create({ id: randomUUID(), status: 'active', provider: 'default', ...user, email: user.email.toLowerCase(), password }),
    );
  }

  async touchLastAccess(id: string): Promise<void> {
    await this.users.update({ id }, { last_access: new Date() });
  }
}
