import { Global, Module } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { ROW_WRITE_GUARDS, RowWriteGuards } from '../items/row-write-guards';
import { assertUserWrite, keepingAdminSources } from './admin-write-guard';
import { keepingAnyAdmin } from './last-admin';
import { keepingRoleTree } from './role-cycles';

/** What decides who is an admin: a write to them must leave one (the last-admin rule), and only admins change it. */
const ADMIN_SOURCES = new Set(['svc_policies', 'svc_access', 'svc_roles']);

/** The rules on who is an administrator, as every write of the items engine obeys them. */
export const ADMIN_ROW_GUARDS: RowWriteGuards = {
  async beforeRows(collection, manager, acc, write) {
    if (collection === 'svc_users') await assertUserWrite(manager, acc, write);
  },
  around<T>(
    collection: string,
    manager: EntityManager,
    acc: Accountability | null,
    work: (manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    if (!ADMIN_SOURCES.has(collection)) return work(manager);
    const checked = collection === 'svc_roles' ? (m: EntityManager) => keepingRoleTree(m, work) : work;
    return keepingAnyAdmin(manager, (inner) => keepingAdminSources(inner, acc, checked));
  },
};

/**
 * Hands ADMIN_ROW_GUARDS to the items engine (ROW_WRITE_GUARDS). Global because items, below users,
 * injects them without importing this module; the engine requires them, so an app without this module
 * fails at start instead of writing unguarded.
 */
@Global()
@Module({ providers: [{ provide: ROW_WRITE_GUARDS, useValue: ADMIN_ROW_GUARDS }], exports: [ROW_WRITE_GUARDS] })
export class AdminRowGuardsModule {}
