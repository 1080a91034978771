// The rules reference's citations hold: every "§N" or "§N.M" the tree cites names a
// section of docs/rules.md, every link to an anchor of docs/rules.md names one, no
// citation uses the old "section N" form, and nothing cites the rules file that used to
// live outside the repository. (In public/, which may number a page's own sections, only
// the § numbers after a mention of rules.md are citations.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './helpers.mjs';

const RULES = join(ROOT, 'docs', 'rules.md');
const SCANNED = ['core', 'wasm', 'web', 'public', 'tests', 'docs', 'scripts', 'README.md'];
// The outside file, spelt so that this test does not cite it itself.
const OLD_FILE = new RegExp(['RULES', 'md'].join('\\.'));
const OLD_FORM = /rules\.md,?\s+sections?\s+\d/i;
const SECTION_REF = /§(\d+(?:\.\d+)*)/g;

// The sections of docs/rules.md: headings "## §4 ..." and "### §4.3 ...", each right
// after its anchor <a id="s4-3"></a>.
function rulesSections() {
  const lines = readFileSync(RULES, 'utf8').split('\n');
  const sections = new Set();
  const ids = new Set();
  const unanchored = [];
  let fence = false;
  lines.forEach((line, i) => {
    if (line.startsWith('```')) fence = !fence;
    const id = /^<a id="([^"]+)"><\/a>$/.exec(line);
    if (id) ids.add(id[1]);
    const h = !fence && /^#{2,6}\s+§(\d+(?:\.\d+)*)\s/.exec(line);
    if (!h) return;
    sections.add(h[1]);
    const want = `<a id="s${h[1].replace(/\./g, '-')}"></a>`;
    if (lines[i - 1] !== want) unanchored.push(`${h[1]} (line ${i + 1}) wants ${want} above it`);
  });
  return { sections, ids, unanchored };
}

function* files(path) {
  const st = statSync(path);
  if (st.isFile()) {
    yield path;
    return;
  }
  for (const name of readdirSync(path).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    yield* files(join(path, name));
  }
}

function textOf(path) {
  const buf = readFileSync(path);
  return buf.includes(0) ? null : buf.toString('utf8'); // binary files (images, corpora) hold no citations
}

// Every problem with the tree's citations, and how many citations were checked.
function checkTree() {
  const { sections, ids } = rulesSections();
  const problems = [];
  let cited = 0;
  for (const top of SCANNED) {
    for (const path of files(join(ROOT, top))) {
      const text = textOf(path);
      if (text === null) continue;
      const rel = relative(ROOT, path);
      const pageOwnNumbers = rel.startsWith('public/');
      text.split('\n').forEach((line, i) => {
        const at = `${rel}:${i + 1}`;
        if (OLD_FILE.test(line)) problems.push(`${at}: cites the old rules file: ${line.trim()}`);
        if (OLD_FORM.test(line)) problems.push(`${at}: cite a section as 'docs/rules.md §N': ${line.trim()}`);
        const mention = line.search(/rules\.md/);
        if (pageOwnNumbers && mention < 0) return;
        for (const m of line.slice(pageOwnNumbers ? mention : 0).matchAll(SECTION_REF)) {
          cited++;
          if (!sections.has(m[1])) problems.push(`${at}: §${m[1]} is no section of docs/rules.md`);
        }
        for (const m of line.matchAll(/rules\.md#([\w-]+)/g)) {
          cited++;
          if (!ids.has(m[1])) problems.push(`${at}: docs/rules.md has no anchor #${m[1]}`);
        }
      });
    }
  }
  return { problems, cited };
}

test('docs/rules.md numbers its sections, each under its own anchor', () => {
  const { sections, unanchored } = rulesSections();
  for (const s of ['1', '2', '3', '4', '5', '6', '7', '8', '9', '4.18', '4.19', '5.5', '7.3', '8.3'])
    assert.ok(sections.has(s), `§${s} is missing`);
  assert.deepEqual(unanchored, []);
});

test('every citation of the rules names a section of docs/rules.md', () => {
  const { problems, cited } = checkTree();
  assert.ok(cited > 100, `only ${cited} citations found: is the tree there?`);
  assert.deepEqual(problems, []);
});
