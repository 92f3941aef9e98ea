/** Whether `n` is an integer a 32-bit `integer` column holds: from -2147483648 to 2147483647. */
export function isInt32(n: number): boolean {
  return Number.isInteger(n) && n >= -2147483648 && n <= 2147483647;
}
