import { classifyStatement } from './watch-writes';

describe(classifyStatement.name, () => {
  it.each([
    ['SELECT COUNT(*) AS "count" FROM "posts" "t"', null],
    ['  select 1', null],
    ['SHOW TABLES', null],
    ['PRAGMA foreign_keys = ON', null],
    ['START TRANSACTION', null],
    ['SAVEPOINT typeorm_1', null],
    ['RELEASE SAVEPOINT typeorm_1', null],
    ['ROLLBACK TO SAVEPOINT typeorm_1', null],
    ['SET TRANSACTION ISOLATION LEVEL READ COMMITTED', null],
    ['INSERT INTO "posts" ("title") VALUES ($1)', { table: 'posts', action: 'insert' }],
    ['INSERT INTO `svc_users`(`id`, `email`) VALUES (?, ?)', { table: 'svc_users', action: 'insert' }],
    ['insert ignore into `a``b` values (1)', { table: 'a`b', action: 'insert' }],
    ['INSERT INTO "public"."posts" DEFAULT VALUES', { table: 'posts', action: 'insert' }],
    ['/* note */ UPDATE "my ""quoted"" table" SET "x" = 1', { table: 'my "quoted" table', action: 'update' }],
    ['UPDATE ONLY posts SET x = 1', { table: 'posts', action: 'update' }],
    ['DELETE FROM "posts" WHERE "id" IN (1)', { table: 'posts', action: 'delete' }],
    ['REPLACE INTO `posts` VALUES (1)', { table: 'posts', action: 'delete' }],
    ['ALTER TABLE "posts" ADD "x" integer', 'any'],
    ['DROP TABLE "posts"', 'any'],
    ['CREATE TABLE "x" ("id" integer)', 'any'],
    ['TRUNCATE "posts"', 'any'],
    ['WITH d AS (DELETE FROM "posts" RETURNING *) SELECT * FROM d', 'any'],
  ])('%s → %j', (sql, expected) => expect(classifyStatement(sql)).toEqual(expected));
});
