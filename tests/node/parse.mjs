// Parsing the page's modules for the tests that read their source (imports.test.mjs,
// headless.test.mjs): acorn, Debian's (/usr/share/nodejs, which Emscripten needs too),
// found with or without NODE_PATH.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
function loadAcorn() {
  for (const p of ['acorn', '/usr/share/nodejs/acorn']) {
    try {
      return require(p);
    } catch {
      /* the next place */
    }
  }
  throw new Error('acorn is missing: run scripts/setup (it installs node-acorn)');
}
export const acorn = loadAcorn();

/** Every relative import of a module's source: [{ spec, line }]. */
export function importsOf(source) {
  const ast = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module', locations: true });
  const out = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    const src =
      node.type === 'ImportDeclaration' ||
      node.type === 'ExportAllDeclaration' ||
      (node.type === 'ExportNamedDeclaration' && node.source) ||
      node.type === 'ImportExpression'
        ? node.source
        : null;
    if (src && src.type === 'Literal' && typeof src.value === 'string')
      out.push({ spec: src.value, line: node.loc.start.line });
    for (const v of Object.values(node)) {
      if (Array.isArray(v)) v.forEach(visit);
      else if (v && typeof v === 'object' && typeof v.type === 'string') visit(v);
    }
  };
  visit(ast);
  return out;
}
