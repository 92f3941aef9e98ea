import {
  authentication,
  createCollection,
  createDirectus,
  createItems,
  createPermission,
  createPolicy,
  createRole,
  createUser,
  readItems,
  readPolicies,
  readPolicyGlobals,
  readRole,
  rest,
  updatePolicy,
  updateUser,
} from '@directus/sdk';
import { sdkError, useSdkApp } from '../helpers/sdk-compat';
import { uniq } from '../helpers/uniq';

/** The SDK provisioning access the reference platform 11+'s way: policies, their permissions, roles and users. */
describe("@directus/sdk (the reference platform's own client) against Vellum: policies", () => {
  const sdk = useSdkApp();

  async function signedIn(email: string, password: string) {
    const client = createDirectus(sdk.url)
      .with(authentication('json', { autoRefresh: false }))
      .with(rest());
    await client.login({ email, password });
    return client;
  }

  it('createPolicy with permissions, attached to a role and to a user; readPolicyGlobals; granted and refused reads', async () => {
    const admin = await sdk.adminClient();
    const articles = uniq('articles');
    const posts = uniq('posts');
    for (const collection of [articles, posts]) {
      await admin.request(
        createCollection({
          collection,
          meta: {},
          schema: {},
          fields: [
            {
              field: 'id',
              type: 'integer',
              meta: { hidden: true },
              schema: { is_primary_key: true, has_auto_increment: true },
            },
            { field: 'status', type: 'string', meta: {}, schema: {} },
          ],
        }),
      );
      await admin.request(createItems(collection, [{ status: 'published' }, { status: 'draft' }]));
    }

    const readers = await admin.request(createPolicy({ name: uniq('readers'), app_access: true, admin_access: false }));
    await admin.request(
      createPermission({
        policy: readers.id,
        collection: articles,
        action: 'read',
        fields: ['*'],
        permissions: { status: { _eq: 'published' } },
      }),
    );
    const role = await admin.request(
      createRole({
        name: uniq('role'),
        policies: { create: [{ policy: readers.id }], update: [], delete: [] },
      } as never),
    );
    expect(await admin.request(readRole(role.id, { fields: ['policies.policy'] } as never))).toEqual({
      policies: [{ policy: readers.id }],
    });

    const postsPolicy = await admin.request(
      createPolicy({
        name: uniq('posts'),
        permissions: [{ collection: posts, action: 'read', fields: ['id'] }],
      }),
    );
    const password = uniq('password-');
    const email = `${uniq('sdk')}@example.com`;
    const user = await admin.request(createUser({ email, password, role: role.id }));
    await admin.request(
      updateUser(user.id, { policies: { create: [{ policy: postsPolicy.id }], update: [], delete: [] } } as never),
    );

    // The readers policy also goes to another user directly, in the reference's nested form on the policy.
    const otherEmail = `${uniq('sdk-other')}@example.com`;
    const other = await admin.request(createUser({ email: otherEmail, password, role: null }));
    await admin.request(
      updatePolicy(readers.id, { users: { create: [{ user: other.id }], update: [], delete: [] } } as never),
    );

    // As on the reference: a policy's roles are its access rows with a role, its users those with a user.
    const listed = await admin.request(
      readPolicies({
        fields: ['id', 'name', 'roles.role', 'users.user'],
        filter: { id: { _in: [readers.id, postsPolicy.id] } },
      } as never),
    );
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: readers.id, roles: [{ role: role.id }], users: [{ user: other.id }] }),
        expect.objectContaining({ id: postsPolicy.id, roles: [], users: [{ user: user.id }] }),
      ]),
    );

    const client = await signedIn(email, password);
    expect(await client.request(readPolicyGlobals())).toEqual({
      app_access: true,
      admin_access: false,
      enforce_tfa: false,
    });
    expect(await client.request(readItems(articles, { fields: ['status'] }))).toEqual([{ status: 'published' }]);
    expect((await client.request(readItems(posts, { fields: ['id'] }))).length).toBe(2);
    expect((await sdkError(client.request(readItems(posts, { fields: ['status'] })))).codes).toEqual(['FORBIDDEN']);
    expect((await sdkError(client.request(readPolicies()))).codes).toEqual(['FORBIDDEN']);

    const direct = await signedIn(otherEmail, password);
    expect(await direct.request(readPolicyGlobals())).toEqual({
      app_access: true,
      admin_access: false,
      enforce_tfa: false,
    });
    expect(await direct.request(readItems(articles, { fields: ['status'] }))).toEqual([{ status: 'published' }]);
    expect((await sdkError(direct.request(readItems(posts, { fields: ['id'] })))).codes).toEqual(['FORBIDDEN']);
  });
});
