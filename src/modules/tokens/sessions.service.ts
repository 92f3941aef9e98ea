import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, LessThan, MoreThan, Not, Repository } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { CLOCK, Clock } from '../../common/clock';
import { tokenHash } from './token-hash';
import { SessionEntity } from './entities/session.entity';

type RequestContext = Pick<Accountability, 'ip' | 'userAgent' | 'origin'>;

/** svc_sessions (API.md 3.8). Every method takes raw tokens; only their SHA-256 reaches the table. */
@Injectable()
export class SessionsService {
  constructor(
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The injected clock's time, `laterMs` ahead. */
  private at(laterMs = 0): Date {
    return new Date(this.clock.now() + laterMs);
  }

  /** `manager` puts the row in the caller's transaction (with its activity row). A session is a user's or a share's. */
  async create(
    token: string,
    owner: { user: string } | { share: string },
    ttlMs: number,
    context: RequestContext,
    manager?: EntityManager,
  ): Promise<void> {
    await (manager ?? this.sessions.manager).insert(SessionEntity, {
      token: tokenHash(token),
      user: 'user' in owner ? owner.user : null,
      share: 'share' in owner ? owner.share : null,
      expires: this.at(ttlMs),
      ip: context.ip,
      user_agent: context.userAgent,
      origin: context.origin,
    });
  }

  /** The session for a token, if it exists and has not expired. */
  findAlive(token: string): Promise<SessionEntity | null> {
    return this.sessions.findOneBy({ token: tokenHash(token), expires: MoreThan(this.at()) });
  }

  /** The session for a token even when expired: logout still records and removes it. */
  find(token: string): Promise<SessionEntity | null> {
    return this.sessions.findOneBy({ token: tokenHash(token) });
  }

  isAlive(token: string): Promise<boolean> {
    return this.sessions.exists({ where: { token: tokenHash(token), expires: MoreThan(this.at()) } });
  }

  /** json/cookie refresh: the row keeps its identity but answers to the new token only. */
  async replaceToken(oldToken: string, newToken: string, ttlMs: number): Promise<boolean> {
    const result = await this.sessions.update(
      { token: tokenHash(oldToken), expires: MoreThan(this.at()) },
      { token: tokenHash(newToken), expires: this.at(ttlMs) },
    );
    return (result.affected ?? 0) > 0;
  }

  /**
   * Session-mode refresh (API.md 3.2): a new row for the next token, while the old row lives on for
   * the grace period so concurrent refreshes from other tabs get the same next token.
   */
  async rotate(old: SessionEntity, nextToken: string, ttlMs: number, graceMs: number): Promise<void> {
    await this.sessions.manager.transaction(async (manager) => {
      await manager.insert(SessionEntity, {
        token: tokenHash(nextToken),
        user: old.user,
        share: old.share,
        expires: this.at(ttlMs),
        ip: old.ip,
        user_agent: old.user_agent,
        origin: old.origin,
      });
      await manager.update(
        SessionEntity,
        { token: old.token },
        { next_token: tokenHash(nextToken), expires: this.at(graceMs) },
      );
    });
  }

  async delete(token: string, manager?: EntityManager): Promise<void> {
    await (manager ?? this.sessions.manager).delete(SessionEntity, { token: tokenHash(token) });
  }

  /** Ends every session of a user, except optionally the one the caller is using; `manager`: in the caller's transaction. */
  async deleteForUser(user: string, keepToken?: string, manager?: EntityManager): Promise<void> {
    await (manager ?? this.sessions.manager).delete(
      SessionEntity,
      keepToken ? { user, token: Not(tokenHash(keepToken)) } : { user },
    );
  }

  async deleteExpired(): Promise<void> {
    await this.sessions.delete({ expires: LessThan(this.at()) });
  }
}
