import { randomUUID } from 'node:crypto';
import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey } from 'typeorm';
import { columnsFor } from './column-types';

/** The public policy's key, as the reference platform fixes its own: the access of callers without a user. */
export const PUBLIC_POLICY = 'abf8a154-5b1c-4a46-ac9c-7300570f4f17';

const FLAGS = ['admin_access', 'app_access', 'enforce_tfa'] as const;

interface RoleRow {
  id: string;
  name: string;
  icon: string | null;
  description: string | null;
  ip_access: string | null;
  admin_access: unknown;
  app_access: unknown;
  enforce_tfa: unknown;
}

/** Each vendor's stored boolean (1, '1', true) as one. */
const truthy = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 't';

/**
 * Policies, as the reference platform has had them since its version 11: a permission belongs to a policy,
 * policies are attached to roles and to users (svc_access), and roles nest. Each existing role becomes a
 * policy with its flags and permissions, attached to it, and the permissions without a role become the
 * public policy's, so that nothing a deployment granted changes. The role keeps its row; its own flags are
 * cleared since the policy now holds them.
 */
export class CreateSvcPoliciesAccess1764500000000 implements MigrationInterface {
  name = 'CreateSvcPoliciesAccess1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'svc_policies',
        columns: [
          c.uuidPrimary(),
          c.string('name', 100, { isNullable: false }),
          c.string('icon', 64, { default: "'badge'" }),
          c.text('description'),
          c.text('ip_access'),
          c.boolean('enforce_tfa', false),
          c.boolean('admin_access', false),
          c.boolean('app_access', false),
        ],
      }),
    );
    const fk = (column: string, table: string, onDelete: string) =>
      new TableForeignKey({
        columnNames: [column],
        referencedTableName: table,
        referencedColumnNames: ['id'],
        onDelete,
      });
    await queryRunner.createTable(
      new Table({
        name: 'svc_access',
        columns: [
          c.uuidPrimary(),
          c.uuid('role'),
          c.uuid('user'),
          c.uuid('policy', { isNullable: false }),
          c.integer('sort'),
        ],
        foreignKeys: [
          fk('role', 'svc_roles', 'CASCADE'),
          fk('user', 'svc_users', 'CASCADE'),
          fk('policy', 'svc_policies', 'CASCADE'),
        ],
      }),
    );
    await queryRunner.addColumn('svc_roles', new TableColumn(c.uuid('parent')));
    await queryRunner.createForeignKey('svc_roles', fk('parent', 'svc_roles', 'SET NULL'));
    await queryRunner.addColumn('svc_permissions', new TableColumn(c.uuid('policy')));
    await queryRunner.createForeignKey('svc_permissions', fk('policy', 'svc_policies', 'CASCADE'));
    await this.moveGrants(queryRunner);
  }

  private async moveGrants(queryRunner: QueryRunner): Promise<void> {
    const q = () => queryRunner.manager.createQueryBuilder();
    const bool = (value: boolean) => columnsFor(queryRunner).dialect.booleanParam(value);
    await this.createPublicPolicy(queryRunner);
    const roles = await q()
      .select([
        'r.id AS id',
        'r.name AS name',
        'r.icon AS icon',
        'r.description AS description',
        'r.ip_access AS ip_access',
        ...FLAGS.map((f) => `r.${f} AS ${f}`),
      ])
      .from('svc_roles', 'r')
      .getRawMany<RoleRow>();
    for (const role of roles) await this.movePolicyOfRole(queryRunner, role);
    // The policies hold the flags now; a role's own are what Vellum's earlier clients may still set.
    await q()
      .update('svc_roles')
      .set({ admin_access: bool(false), app_access: bool(false), enforce_tfa: bool(false), ip_access: null })
      .execute();
  }

  /** The role-less (public) permissions move to the public policy, which applies to every request. */
  private async createPublicPolicy(queryRunner: QueryRunner): Promise<void> {
    const q = () => queryRunner.manager.createQueryBuilder();
    const bool = (value: boolean) => columnsFor(queryRunner).dialect.booleanParam(value);
    await q()
      .insert()
      .into('svc_policies')
      .values({
        id: PUBLIC_POLICY,
        name: '$t:public_label',
        icon: 'public',
        description: '$t:public_description',
        admin_access: bool(false),
        app_access: bool(false),
        enforce_tfa: bool(false),
      })
      .execute();
    await q()
      .insert()
      .into('svc_access')
      .values({ id: randomUUID(), role: null, user: null, policy: PUBLIC_POLICY, sort: 1 })
      .execute();
    await q().update('svc_permissions').set({ policy: PUBLIC_POLICY }).where('role IS NULL').execute();
  }

  /** A role's flags and permissions move to a policy of its own, attached to the role. */
  private async movePolicyOfRole(queryRunner: QueryRunner, role: RoleRow): Promise<void> {
    const q = () => queryRunner.manager.createQueryBuilder();
    const bool = (value: boolean) => columnsFor(queryRunner).dialect.booleanParam(value);
    const policy = randomUUID();
    const flags = Object.fromEntries(FLAGS.map((f) => [f, bool(truthy(role[f]))]));
    await q()
      .insert()
      .into('svc_policies')
      .values({
        id: policy,
        name: role.name,
        icon: role.icon ?? 'badge',
        description: role.description,
        ip_access: role.ip_access,
        ...flags,
      })
      .execute();
    await q()
      .insert()
      .into('svc_access')
      .values({ id: randomUUID(), role: role.id, user: null, policy, sort: 1 })
      .execute();
    await q().update('svc_permissions').set({ policy, role: null }).where('role = :role', { role: role.id }).execute();
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const q = () => queryRunner.manager.createQueryBuilder();
    const bool = (value: boolean) => columnsFor(queryRunner).dialect.booleanParam(value);
    const links = await q()
      .select(['a.role AS role', 'a.policy AS policy'])
      .from('svc_access', 'a')
      .where('a.role IS NOT NULL')
      .getRawMany<{ role: string; policy: string }>();
    for (const link of links) {
      const policy = await q()
        .select(['p.ip_access AS ip_access', ...FLAGS.map((f) => `p.${f} AS ${f}`)])
        .from('svc_policies', 'p')
        .where('p.id = :id', { id: link.policy })
        .getRawOne<Record<string, unknown>>();
      if (policy)
        await q()
          .update('svc_roles')
          .set({ ip_access: policy.ip_access, ...Object.fromEntries(FLAGS.map((f) => [f, bool(truthy(policy[f]))])) })
          .where('id = :id', { id: link.role })
          .execute();
      await q()
        .update('svc_permissions')
        .set({ role: link.role })
        .where('policy = :policy AND role IS NULL', { policy: link.policy })
        .execute();
    }
    await q()
      .delete()
      .from('svc_permissions')
      .where('role IS NULL AND policy IS NOT NULL AND policy <> :public', { public: PUBLIC_POLICY })
      .execute();
    for (const [table, column] of [
      ['svc_permissions', 'policy'],
      ['svc_roles', 'parent'],
    ]) {
      const key = (await queryRunner.getTable(table))?.foreignKeys.find((f) => f.columnNames.includes(column));
      if (key) await queryRunner.dropForeignKey(table, key);
      await queryRunner.dropColumn(table, column);
    }
    await queryRunner.dropTable('svc_access');
    await queryRunner.dropTable('svc_policies');
  }
}
