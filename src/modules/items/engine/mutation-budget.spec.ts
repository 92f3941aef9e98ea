import { InvalidPayloadError } from '../../../common/errors/errors';
import { MutationBudget } from './mutation-budget';

describe(MutationBudget.name, () => {
  it.each<[number | undefined, number[], boolean]>([
    [100, [100], true],
    [100, [101], false],
    [100, [50, 50], true],
    [100, [51, 50, 1], false],
    [100, [0], true],
    [undefined, [5000, 5000], true],
  ])('max %s, spending %j: within budget %s', (max, spends, within) => {
    const budget = new MutationBudget(max);
    const spendAll = () => spends.forEach((n) => budget.spend(n));
    if (within) expect(spendAll).not.toThrow();
    else expect(spendAll).toThrow(new InvalidPayloadError(`Exceeded max batch mutation limit of ${max}`));
  });
});
