import { crumbsOf } from './crumbs';

const name = (c: string) => `<${c}>`;

describe('crumbsOf', () => {
  it.each([
    ['/content', [{ label: 'Content' }]],
    ['/content/articles', [{ label: 'Content', to: '/content' }, { label: '<articles>' }]],
    [
      '/content/articles/31',
      [{ label: 'Content', to: '/content' }, { label: '<articles>', to: '/content/articles' }, { label: '31' }],
    ],
    [
      '/content/articles/+',
      [{ label: 'Content', to: '/content' }, { label: '<articles>', to: '/content/articles' }, { label: 'New item' }],
    ],
    ['/content/home/singleton', [{ label: 'Content', to: '/content' }, { label: '<home>' }]],
    [
      '/content/odd%20name/a%2Fb',
      [{ label: 'Content', to: '/content' }, { label: '<odd name>', to: '/content/odd%20name' }, { label: 'a/b' }],
    ],
    ['/data-model/articles', [{ label: 'Data model', to: '/data-model' }, { label: '<articles>' }]],
    ['/roles/3f0c', [{ label: 'Roles', to: '/roles' }, { label: 'Role' }]],
    ['/content/%E0%A4%A', [{ label: 'Content', to: '/content' }, { label: '<%E0%A4%A>' }]],
    ['/settings', [{ label: 'Settings' }]],
    ['/signin', []],
    ['/', []],
  ])('%s', (path, expected) => expect(crumbsOf(path, name)).toEqual(expected));
});
