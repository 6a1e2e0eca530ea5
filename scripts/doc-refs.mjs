// `node scripts/doc-refs.mjs` (run by `npm run lint`): every reference in the repository
// resolves to a file in the repository.
//
// Check mode (the default) fails, listing file:line, when a source or documentation file
//   - cites a section of the product specification or the design ("spec §5", "DESIGN §7",
//     "§4 Plan status", "The spec (§8)") instead of the page under docs/product/ that says it;
//   - names the documents kept outside the repository (../shared/…, console-spec.md,
//     DESIGN.md, a bare "DESIGN");
//   - links a docs/ page, or an anchor in it, that does not exist (`docs/x.md#y` in code,
//     `[text](relative.md#y)` in Markdown).
//
// `--fix` rewrites every section citation into a link to the docs/product/ page from the
// mapping table below: `docs/product/advertising.md#plan-status` in code comments,
// `[plan status](../product/advertising.md#plan-status)` in Markdown. It is idempotent (a
// rewritten line holds no citation any more), so it can run again after other branches merge.
// References to outside standards (OpenRTB 2.6 §3.2.4, …) are numbered with dots and left alone.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAP } from './doc-refs-map.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// This checker and its table name the outside documents on purpose.
const SELF = new Set(['scripts/doc-refs.mjs', 'scripts/doc-refs-map.mjs']);
const SCANNED = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'docs', 'README.md'];
const EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.mjs', '.cjs', '.js', '.sql', '.md']);
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'build',
  'coverage',
  'data',
  'uploads',
  'test-results',
  'playwright-report',
  '.git',
  '.vite',
]);

// ---------------------------------------------------------------- finding citations

/** A section sign with its number; a dotted number (OpenRTB 2.6 §3.2.4) is someone else's. */
const SECTION = /§\s?(\d+)(?!\d|\.\d)/g;
/** The word naming the cited document, and other standards whose sections we leave alone. */
const DOC_WORD =
  /\b(spec|Spec|SPEC|specification|DESIGN|Design|design|OpenRTB|RFC|Native|VAST|ECMA|TCF)\b|\b\d\.\d\b/g;
const PREFIX = /\b(spec|Spec|SPEC|DESIGN|Design|design)\s+$/;
const BARE_DESIGN = /\bDESIGN\b(?!\s*§|\.md)/g;
const OUTSIDE =
  /\.\.\/shared\/(?:spec|DESIGN|STYLE)|console-spec\.md|\bDESIGN\.md\b|\bSTYLE\.md\b/g;

function docOf(word) {
  if (/^(spec|specification)$/i.test(word)) return 'spec';
  if (/^design$/i.test(word)) return 'design';
  return 'other';
}

/** Every section citation of a line: its span, the document and the section. */
function citationsOf(line) {
  const words = [...line.matchAll(DOC_WORD)].map((m) => ({ index: m.index, doc: docOf(m[0]) }));
  const found = [];
  for (const match of line.matchAll(SECTION)) {
    const before = words.filter((word) => word.index < match.index).at(-1);
    const doc = before ? before.doc : 'spec';
    if (doc === 'other') continue;
    let start = match.index;
    const prefix = PREFIX.exec(line.slice(0, start));
    if (prefix) start -= prefix[0].length;
    found.push({ start, end: match.index + match[0].length, doc, section: Number(match[1]) });
  }
  for (const match of line.matchAll(BARE_DESIGN)) {
    found.push({
      start: match.index,
      end: match.index + match[0].length,
      doc: 'design',
      section: 'bare',
    });
  }
  return found.sort((a, b) => a.start - b.start);
}

function fits(rule, after, line, file) {
  return (
    (!rule.after || rule.after.test(after)) &&
    (!rule.line || rule.line.test(line)) &&
    (!rule.file || rule.file.test(file))
  );
}

/** The docs/product targets of one citation, and how many characters after it it replaces. */
function targetOf(citation, after, line, file) {
  const rules = MAP[citation.doc][citation.section];
  if (!rules) return null;
  const rule = rules.find((candidate) => fits(candidate, after, line, file));
  if (!rule) return null;
  const eaten = rule.eat && rule.after ? rule.after.exec(after)[0].length : 0;
  return { to: [rule.to].flat(), eaten };
}

// ---------------------------------------------------------------- rewriting

const isMarkdown = (file) => extname(file) === '.md';

function linkText(file, target) {
  if (!isMarkdown(file)) return `docs/product/${target}`;
  const [page, anchor] = target.split('#');
  const label = (anchor ?? page.replace(/\.md$/, '')).replace(/-/g, ' ');
  const path = posix.relative(posix.dirname(file), `docs/product/${page}`) || page;
  return `[${label}](${path}${anchor ? `#${anchor}` : ''})`;
}

const SEPARATOR = /^(?:,\s*|\s+and\s+|;\s*|\s*[–-]\s*)$/;

/** The line with every citation replaced by its links; null when something has no mapping. */
function rewriteLine(line, file, problems, lineNo) {
  const citations = citationsOf(line);
  if (citations.length === 0) return line;
  let out = '';
  let cursor = 0;
  let runTargets = [];
  for (const [i, citation] of citations.entries()) {
    if (citation.start < cursor) continue;
    const next = citations[i + 1];
    const after = line.slice(citation.end, next ? next.start : line.length);
    const target = targetOf(citation, after, line, file);
    if (!target) {
      problems.push(
        `${file}:${lineNo}: no mapping for ${line.slice(citation.start, citation.end)}`,
      );
      return null;
    }
    const between = line.slice(cursor, citation.start);
    const continues = out !== '' && SEPARATOR.test(between);
    if (!continues) runTargets = [];
    const fresh = target.to.filter((to) => !runTargets.includes(to));
    runTargets.push(...fresh);
    if (fresh.length === 0 && continues) {
      // The same page as the citation before it in one list: drop it and its separator.
      cursor = citation.end + target.eaten;
      continue;
    }
    out += between + fresh.map((to) => linkText(file, to)).join(', ');
    cursor = citation.end + target.eaten;
  }
  return out + line.slice(cursor);
}

// ---------------------------------------------------------------- anchors and links

const anchorCache = new Map();

/** GitHub's heading anchors of a Markdown file (and explicit `<a id>`/`<a name>`). */
function anchorsOf(path) {
  if (anchorCache.has(path)) return anchorCache.get(path);
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]
      .replace(/<[^>]+>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  anchorCache.set(path, anchors);
  return anchors;
}

/** Why a link to a file of the repository does not resolve; undefined when it does. */
function linkProblem(fromFile, target, relativeToFile) {
  const [pathPart, anchor] = target.split('#');
  const base = relativeToFile ? dirname(join(ROOT, fromFile)) : ROOT;
  const path = pathPart === '' ? join(ROOT, fromFile) : resolve(base, pathPart);
  if (!path.startsWith(ROOT)) return `links outside the repository: ${target}`;
  if (!existsSync(path)) return `links a missing file: ${target}`;
  if (anchor && extname(path) === '.md' && !anchorsOf(path).has(anchor)) {
    return `links a missing anchor: ${target}`;
  }
  return undefined;
}

/** `docs/….md#anchor` named in code or text (repository-relative). */
const DOCS_PATH = /(?<![\w./-])docs\/[\w./-]+\.md(?:#[\w-]+)?/g;
/** `[text](target)` in Markdown (file-relative). */
const MD_LINK = /\]\(([^)\s]+)\)/g;

function linkProblems(file, line) {
  const problems = [];
  for (const m of line.matchAll(DOCS_PATH)) {
    const problem = linkProblem(file, m[0].replace(/[.]$/, ''), false);
    if (problem) problems.push(problem);
  }
  if (isMarkdown(file)) {
    for (const m of line.matchAll(MD_LINK)) {
      const target = m[1];
      if (/^[a-z][\w+.-]*:/i.test(target) || target.startsWith('/')) continue;
      const problem = linkProblem(file, target, true);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}

// ---------------------------------------------------------------- walking the repository

function* filesUnder(path) {
  const full = join(ROOT, path);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    if (EXTENSIONS.has(extname(full))) yield path;
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
    yield* filesUnder(posix.join(path, entry.name));
  }
}

/**
 * A rewritten file as Prettier (the repository's own, no new dependency) would write it: a
 * longer link can push a test name or a call past the line width. Files Prettier does not
 * know (SQL) are left as they are.
 */
async function formatted(file, text) {
  const prettier = await import('prettier');
  const path = join(ROOT, file);
  const info = await prettier.getFileInfo(path, { ignorePath: join(ROOT, '.prettierignore') });
  if (info.ignored || !info.inferredParser) return text;
  const options = (await prettier.resolveConfig(path)) ?? {};
  return prettier.format(text, { ...options, filepath: path });
}

async function main() {
  const fix = process.argv.includes('--fix');
  // --show: print each rewrite --fix would make, without writing anything.
  const show = process.argv.includes('--show');
  const problems = [];
  let rewritten = 0;
  // Paths given on the command line narrow the scan: `node scripts/doc-refs.mjs --fix docs`.
  const paths = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  for (const file of (paths.length > 0 ? paths : SCANNED).flatMap((path) => [
    ...filesUnder(path),
  ])) {
    if (SELF.has(file)) continue;
    const text = readFileSync(join(ROOT, file), 'utf8');
    const lines = text.split('\n');
    let changed = false;
    let fenced = false;
    for (const [index, line] of lines.entries()) {
      const lineNo = index + 1;
      if (isMarkdown(file) && /^\s*(```|~~~)/.test(line)) fenced = !fenced;
      let current = line;
      if ((fix || show) && !fenced && citationsOf(line).length > 0) {
        const next = rewriteLine(line, file, problems, lineNo);
        if (next !== null && next !== line) {
          if (show) console.info(`${file}:${lineNo}\n  - ${line.trim()}\n  + ${next.trim()}`);
          current = next;
          lines[index] = next;
          changed = true;
        }
      }
      if (!fix || current !== line) {
        for (const citation of citationsOf(current)) {
          const cited = current.slice(citation.start, citation.end);
          problems.push(`${file}:${lineNo}: cites ${cited} of a document outside the repository`);
        }
      }
      for (const m of current.matchAll(OUTSIDE)) {
        problems.push(`${file}:${lineNo}: points outside the repository: ${m[0]}`);
      }
      if (!fenced) {
        for (const problem of linkProblems(file, current)) {
          problems.push(`${file}:${lineNo}: ${problem}`);
        }
      }
    }
    if (changed && fix) {
      writeFileSync(join(ROOT, file), await formatted(file, lines.join('\n')));
      rewritten += 1;
    }
  }
  if (fix) console.info(`doc-refs: rewrote citations in ${rewritten} file(s)`);
  if (problems.length > 0) {
    console.error(`doc-refs: ${problems.length} problem(s)`);
    for (const problem of problems) console.error(`  ${problem}`);
    if (!fix) {
      console.error(
        'Citations of the specification or the design: `node scripts/doc-refs.mjs --fix`.',
      );
    }
    process.exit(1);
  }
  console.info('doc-refs: every reference resolves to a file in the repository');
}

await main();
