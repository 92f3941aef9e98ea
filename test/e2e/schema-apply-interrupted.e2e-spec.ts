import { spawnSync } from 'node:child_process';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { INSTANCE_OWNER, parseOwner } from '../../src/common/instance-owner';
import { SchemaApplyEntity } from '../../src/modules/schema/entities/schema-apply.entity';
import { createCollection } from '../factories/collection.factory';
import { watchLockWaits } from '../helpers/lock-waits';
import { schemaLockHolder } from '../helpers/schema-lock-holder';
import { createTestApp, TestApp } from '../helpers/test-app';
import { testClient } from '../helpers/test-database';
import { uniq } from '../helpers/uniq';

/** A PID that ran on this host and runs no more: what a process killed mid-apply leaves in its owner tag. */
function deadPid(): number {
  return Number(spawnSync('sh', ['-c', 'echo $$'], { encoding: 'utf8' }).stdout.trim());
}

const steps = [
  { index: 0, action: 'create_collection', collection: 'drafts' },
  { index: 1, action: 'create_field', collection: 'drafts', field: 'body' },
  { index: 2, action: 'delete_collection', collection: 'legacy' },
];

describe('an interrupted schema apply is reported by the next one', () => {
  let t: TestApp;
  let journal: Repository<SchemaApplyEntity>;
  let diff: object;
  const host = parseOwner(INSTANCE_OWNER)!.host;
  const leave = (owner: string, updatedOn = new Date()) =>
    journal.insert({
      id: crypto.randomUUID(),
      owner,
      steps,
      applied: 1,
      started_on: new Date('2026-11-25T09:00:00Z'),
      updated_on: updatedOn,
    });

  beforeAll(async () => {
    t = await createTestApp();
    journal = t.app.get<Repository<SchemaApplyEntity>>(getRepositoryToken(SchemaApplyEntity));
  });
  beforeEach(async () => {
    await journal.clear();
    // A fresh diff each time: one new collection to create.
    const snapshot = (await t.as('admin').get('/schema/snapshot').expect(200)).body.data;
    const name = uniq('moved');
    const template = await createCollection(t, uniq('template'), [{ field: 'title', type: 'string' }]);
    const target = (await t.as('admin').get('/schema/snapshot').expect(200)).body.data;
    await t.as('admin').delete(`/collections/${template}`).expect(204);
    const rename = (entry: { collection: string }) =>
      entry.collection === template ? { ...entry, collection: name } : entry;
    const wanted = { ...target, collections: target.collections.map(rename), fields: target.fields.map(rename) };
    expect(snapshot.collections.length).toBe(target.collections.length - 1);
    diff = (await t.as('admin').post('/schema/diff').send(wanted).expect(200)).body.data;
  });
  afterAll(() => t.close());

  it('refuses the next apply once, naming the steps that were applied and those that were not', async () => {
    await leave(`${host}:${deadPid()}:deadbeef`);
    const refused = await t.as('admin').post('/schema/apply').send(diff);
    expect(refused.status).toBe(400);
    const [error] = refused.body.errors;
    expect(error.extensions.code).toBe('INVALID_PAYLOAD');
    expect(error.message).toContain(
      '1 of 3 steps were applied (create_collection drafts); not applied: create_field drafts.body, delete_collection legacy',
    );
    expect(error.extensions.interrupted).toEqual({
      started_on: '2026-11-25T09:00:00.000Z',
      applied: steps.slice(0, 1),
      not_applied: steps.slice(1),
    });
    expect(await journal.count()).toBe(0);
    await t.as('admin').post('/schema/apply').send(diff).expect(204);
  });

  it('reports an apply whose instance elsewhere stopped beating, not one still running', async () => {
    await leave('other-host:4242:cafe0001', new Date());
    await t.as('admin').post('/schema/apply').send(diff).expect(204);
    expect(await journal.count()).toBe(1);
    await journal.update({ owner: 'other-host:4242:cafe0001' }, { updated_on: new Date(Date.now() - 120_000) });
    const refused = await t.as('admin').post('/schema/apply?force=true').send(diff);
    expect([refused.status, refused.body.errors?.[0]?.message]).toEqual([
      400,
      expect.stringContaining('stopped before it ended'),
    ]);
  });

  it('leaves nothing in the journal after an apply that succeeds or fails', async () => {
    await t.as('admin').post('/schema/apply?dry_run=true').send(diff).expect(200);
    await t.as('admin').post('/schema/apply').send(diff).expect(204);
    const failing = await t.as('admin').post('/schema/apply?force=true').send(diff);
    expect(failing.status).toBe(400);
    expect(await journal.count()).toBe(0);
  });

  it('journals an apply while it runs where DDL commits step by step (MySQL/MariaDB), and only there', async () => {
    const holder = schemaLockHolder();
    if (!holder) return expect(await journal.count()).toBe(0);
    const other = await holder(t.database.env);
    const waits = watchLockWaits(t);
    const apply = t
      .as('admin')
      .post('/schema/apply')
      .send(diff)
      .then((res) => res);
    const journaled = ['mysql', 'mariadb'].includes(testClient());
    // An apply journals before it takes the schema lock: once it waits for the lock, its entry is there or never will be.
    await waits.reached('the apply waits for the schema lock');
    const running = await journal.find();
    await other.release();
    expect((await apply).status).toBe(204);
    expect(running.map((r) => [r.owner, r.applied, r.steps?.length])).toEqual(
      journaled ? [[INSTANCE_OWNER, 0, 1]] : [],
    );
    expect(await journal.count()).toBe(0);
  });
});
