import { lazyModule } from './lazy-module';

describe('lazyModule', () => {
  it('loads on the first use only, and once', () => {
    let loads = 0;
    const mod = lazyModule(() => ({ n: ++loads }));
    expect(loads).toBe(0);
    expect(mod().n).toBe(1);
    expect(mod().n).toBe(1);
    expect(loads).toBe(1);
  });
});
