// semver ships no types; Vellum uses only this function of it.
declare module 'semver' {
  export function satisfies(version: string, range: string): boolean;
}
