import { createCollection } from './collection.factory';
import type { TestApp } from '../helpers/test-app';

/** `articles` (title, status) holding two drafts and two published articles, the rules' usual subject. */
export async function createStatusArticles(t: TestApp): Promise<void> {
  await createCollection(t, 'articles', [
    { field: 'title', type: 'string' },
    { field: 'status', type: 'string' },
  ]);
  await t
    .as('admin')
    .post('/items/articles')
    .send([
      { title: 'Draft one', status: 'draft' },
      { title: 'Out now', status: 'published' },
      { title: 'Draft two', status: 'draft' },
      { title: 'Also out', status: 'published' },
    ])
    .expect(200);
}
