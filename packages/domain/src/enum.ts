import type { InterfaceLanguage, Label } from './labels.js';

export interface EnumMember<V extends string | number> extends Label {
  value: V;
}

/**
 * A spec enumeration: named members with a wire value and both labels.
 * `Plan.Status.live` is the value; `options()` feeds selects; `label()` renders a value.
 */
export type DefinedEnum<M extends Record<string, EnumMember<string | number>>> = {
  readonly [K in keyof M]: M[K]['value'];
} & {
  readonly members: M;
  readonly values: readonly M[keyof M]['value'][];
  options(lang: InterfaceLanguage): { value: M[keyof M]['value']; label: string }[];
  label(value: unknown, lang: InterfaceLanguage): string;
  has(value: unknown): value is M[keyof M]['value'];
};

export function defineEnum<const M extends Record<string, EnumMember<string | number>>>(
  members: M,
): DefinedEnum<M> {
  const list = Object.values(members) as M[keyof M][];
  const byValue = new Map<unknown, M[keyof M]>(list.map((m) => [m.value, m]));
  const named = Object.fromEntries(Object.entries(members).map(([k, m]) => [k, m.value]));
  return Object.freeze({
    ...named,
    members,
    values: list.map((m) => m.value),
    options: (lang: InterfaceLanguage) => list.map((m) => ({ value: m.value, label: m[lang] })),
    label: (value: unknown, lang: InterfaceLanguage) => byValue.get(value)?.[lang] ?? String(value),
    has: (value: unknown): value is M[keyof M]['value'] => byValue.has(value),
  }) as unknown as DefinedEnum<M>;
}

/** The wire value type of a defined enum: `EnumValue<typeof PlanStatus>` is `0 | 7 | 1 | 2 | 3`. */
export type EnumValue<E extends { values: readonly unknown[] }> = E['values'][number];
