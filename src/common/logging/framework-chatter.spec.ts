import { isFrameworkChatter } from './framework-chatter';

describe(isFrameworkChatter.name, () => {
  it.each([
    ['InstanceLoader', true],
    ['RoutesResolver', true],
    ['RouterExplorer', true],
    ['NestFactory', true],
    ['NestApplication', true],
    ['BootstrapService', false],
    ['ExceptionHandler', false],
    [undefined, false],
  ])('%s → %s', (context, chatty) => {
    expect(isFrameworkChatter(context)).toBe(chatty);
  });
});
