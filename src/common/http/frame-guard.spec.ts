import { withFrameAncestorsNone } from './frame-guard';

describe(withFrameAncestorsNone.name, () => {
  it.each<[string | undefined, string]>([
    [undefined, "frame-ancestors 'none'"],
    ['', "frame-ancestors 'none'"],
    ["default-src 'none'", "default-src 'none'; frame-ancestors 'none'"],
    ["default-src 'self';", "default-src 'self'; frame-ancestors 'none'"],
    ["default-src 'self'; img-src *", "default-src 'self'; img-src *; frame-ancestors 'none'"],
    ["frame-ancestors 'self'", "frame-ancestors 'self'"],
    ["default-src 'none'; Frame-Ancestors https://a.example", "default-src 'none'; Frame-Ancestors https://a.example"],
    [
      "script-src 'self' https://frame-ancestors.example",
      "script-src 'self' https://frame-ancestors.example; frame-ancestors 'none'",
    ],
  ])('%j → %j', (policy, expected) => expect(withFrameAncestorsNone(policy)).toBe(expected));
});
