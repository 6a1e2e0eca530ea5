/**
 * The end of a switch that handles every member of a union: the compiler refuses the call
 * when a member is left out, so adding a targeting key, a style or an ad form names every
 * place that must handle it. Narrow wire values (plain numbers) with the enum's `has` first;
 * reaching this at run time is a bug.
 */
export function unreachable(value: never): never {
  throw new Error(`Unhandled case: ${String(value)}`);
}
