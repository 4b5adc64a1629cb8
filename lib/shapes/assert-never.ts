/** Ends every `switch` over a closed union: a compile error if a case is missing. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
