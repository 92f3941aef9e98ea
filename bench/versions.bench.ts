import { bearer, load, startBenchServer } from './lib';

async function call(
  url: string,
  token: string,
  method: string,
  body?: unknown,
): Promise<{ data: Record<string, unknown> & { id: string } }> {
  const res = await fetch(url, {
    method,
    headers: { ...bearer(token), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: Record<string, unknown> & { id: string } };
}

/** A versioned collection of 50 articles, each with a saved draft; answers the first draft. */
async function seedDrafts(url: string, token: string): Promise<{ id: string; item: string }> {
  await call(`${url}/collections`, token, 'POST', {
    collection: 'bench_articles',
    meta: { versioning: true },
    fields: [
      { field: 'title', type: 'string' },
      { field: 'body', type: 'text' },
      { field: 'views', type: 'integer' },
    ],
  });
  const items = await call(
    `${url}/items/bench_articles`,
    token,
    'POST',
    Array.from({ length: 50 }, (_, i) => ({ title: `Article ${i}`, body: 'Main body', views: i })),
  );
  const ids = (items.data as unknown as { id: number }[]).map((i) => i.id);
  const versions = await call(
    `${url}/versions`,
    token,
    'POST',
    ids.map((id) => ({ key: 'draft', collection: 'bench_articles', item: String(id) })),
  );
  for (const v of versions.data as unknown as { id: string }[])
    await call(`${url}/versions/${v.id}/save`, token, 'POST', { title: 'Draft title', views: 1000 });
  return (versions.data as unknown as { id: string; item: string }[])[0];
}

/** Content versions (API.md 5): save, compare, reads through a version and promote on a versioned collection. */
export async function run(): Promise<void> {
  const server = await startBenchServer();
  const { url, token } = server;
  try {
    const version = await seedDrafts(url, token);
    const json = { ...bearer(token), 'Content-Type': 'application/json' };
    await load('POST /versions/:id/save', {
      url: `${url}/versions/${version.id}/save`,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ body: 'Draft body' }),
    });
    await load('GET /versions/:id/compare', { url: `${url}/versions/${version.id}/compare`, headers: bearer(token) });
    await load('GET /items/:c/:id?version=draft', {
      url: `${url}/items/bench_articles/${version.item}?version=draft`,
      headers: bearer(token),
    });
    await load('GET /items/:c?version=draft (50 versioned items)', {
      url: `${url}/items/bench_articles?version=draft`,
      headers: bearer(token),
    });

    // After one promote the main item equals main + delta, so promoting the same delta again keeps its hash.
    const before = await call(`${url}/versions/${version.id}/compare`, token, 'GET');
    await call(`${url}/versions/${version.id}/promote`, token, 'POST', { mainHash: before.data.mainHash });
    const after = await call(`${url}/versions/${version.id}/compare`, token, 'GET');
    await load('POST /versions/:id/promote', {
      url: `${url}/versions/${version.id}/promote`,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ mainHash: after.data.mainHash }),
    });
  } finally {
    await server.close();
  }
}
