/**
 * The i18n check (`npm run i18n:check`, docs/product/console.md#languages: keys namespaced, en and zh hold the same
 * keys): every key on one side exists on the other, no text is empty, and both sides use
 * the same `{{placeholders}}`.
 */
export type Catalogue = { readonly [key: string]: string | Catalogue };

export interface LocaleProblem {
  key: string;
  problem: string;
}

/** `{ menu: { plans: 'Plans' } }` → `{ 'menu.plans': 'Plans' }`. */
export function flattenCatalogue(catalogue: Catalogue, prefix = ''): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [name, value] of Object.entries(catalogue)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (value !== null && typeof value === 'object') {
      for (const [inner, text] of flattenCatalogue(value, key)) flat.set(inner, text);
    } else {
      flat.set(key, value);
    }
  }
  return flat;
}

function placeholders(text: string): string {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)]
    .map((match) => match[1])
    .sort()
    .join(',');
}

/** Every problem between the catalogues of two languages, sorted by key. */
export function compareCatalogues(
  catalogues: Readonly<Record<string, Catalogue>>,
): LocaleProblem[] {
  const flat = Object.entries(catalogues).map(
    ([lang, catalogue]) => [lang, flattenCatalogue(catalogue)] as const,
  );
  const keys = new Set(flat.flatMap(([, entries]) => [...entries.keys()]));
  const problems: LocaleProblem[] = [];
  for (const key of [...keys].sort()) {
    const texts: [string, string][] = [];
    for (const [lang, entries] of flat) {
      const text = entries.get(key);
      if (text === undefined) problems.push({ key, problem: `missing in ${lang}` });
      else if (typeof text !== 'string') problems.push({ key, problem: `not a text in ${lang}` });
      else if (text.trim() === '') problems.push({ key, problem: `empty in ${lang}` });
      else texts.push([lang, text]);
    }
    const variants = new Set(texts.map(([, text]) => placeholders(text)));
    if (variants.size > 1) {
      const detail = texts.map(([lang, text]) => `${lang} {${placeholders(text)}}`).join(', ');
      problems.push({ key, problem: `placeholders differ: ${detail}` });
    }
  }
  return problems;
}
