import { argon2Costs, costsAboveLimit } from './argon2-params';

const limit = { memoryCost: 4096, timeCost: 2, parallelism: 1 };

describe(argon2Costs.name, () => {
  it.each([
    ['$argon2id$v=19$m=4096,t=2,p=1$c2FsdHNhbHQ$aGFzaA', { memoryCost: 4096, timeCost: 2, parallelism: 1 }],
    ['$argon2i$v=19$m=1048576,p=4,t=3$c2FsdHNhbHQ$aGFzaA', { memoryCost: 1048576, timeCost: 3, parallelism: 4 }],
    ['$argon2d$v=16$t=1,m=8,p=2,x=9$c2FsdHNhbHQ$aGFzaA', { memoryCost: 8, timeCost: 1, parallelism: 2 }],
    ['$argon2id$v=19$m=4096,t=2$c2FsdHNhbHQ$aGFzaA', null],
    ['$bcrypt$whatever', null],
  ])('reads %s', (hash, expected) => expect(argon2Costs(hash)).toEqual(expected));
});

describe(costsAboveLimit.name, () => {
  it.each([
    [{ memoryCost: 4096, timeCost: 2, parallelism: 1 }, null],
    [{ memoryCost: 1024, timeCost: 1, parallelism: 1 }, null],
    [{ memoryCost: 1048576, timeCost: 2, parallelism: 1 }, 'memory cost m=1048576 is above 4096'],
    [{ memoryCost: 4096, timeCost: 30, parallelism: 1 }, 'time cost t=30 is above 2'],
    [{ memoryCost: 4096, timeCost: 2, parallelism: 16 }, 'parallelism p=16 is above 1'],
  ])('judges %j', (costs, reason) => {
    const result = costsAboveLimit(costs, limit);
    if (reason === null) expect(result).toBeNull();
    else expect(result).toContain(reason);
  });

  it('names every cost that is too high at once', () => {
    expect(costsAboveLimit({ memoryCost: 8192, timeCost: 3, parallelism: 2 }, limit)).toMatch(/m=8192.*t=3.*p=2/);
  });
});
