// Finds import cycles between source files, type-only imports included: lint's import-x/no-cycle
// skips `import type`, and a cycle of types still ties two files into one unit that must change
// together. Prints each cycle and exits 1 if there is any. Parses each file once without type checking: the whole tree
// takes a few seconds.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const WORKSPACES = ['contract', 'gateway', 'server', 'web'];
const SOURCE = /\.(ts|tsx|mts)$/;

/** `#alias/*` (package.json imports) and `@tollgate/<workspace>/*` (exports) to a path pattern. */
const aliases = [];
for (const workspace of WORKSPACES) {
  const pkg = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8'));
  for (const [from, to] of Object.entries(pkg.imports ?? {})) aliases.push([from, path.join(root, workspace, to)]);
  for (const [from, to] of Object.entries(pkg.exports ?? {}))
    aliases.push([`${pkg.name}${from.slice(1)}`, path.join(root, workspace, to)]);
}

function sourceFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function withExtension(candidate) {
  if (SOURCE.test(candidate) && existsSync(candidate)) return candidate;
  const bare = candidate.replace(/\.(js|mjs)$/, '');
  for (const ext of ['.ts', '.tsx', '.mts', '/index.ts', '/index.tsx']) if (existsSync(bare + ext)) return bare + ext;
  return null;
}

function resolve(from, specifier) {
  if (specifier.startsWith('.')) return withExtension(path.resolve(path.dirname(from), specifier));
  for (const [pattern, target] of aliases) {
    if (pattern.endsWith('*') ? specifier.startsWith(pattern.slice(0, -1)) : specifier === pattern) {
      const rest = pattern.endsWith('*') ? specifier.slice(pattern.length - 1) : '';
      return withExtension(target.replace('*', rest));
    }
  }
  return null;
}

const files = WORKSPACES.flatMap((workspace) => sourceFiles(path.join(root, workspace)));
/** What a file imports or re-exports at its top level; `import()` is left out: a lazy chunk may load its parent. */
function staticImports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  return source.statements
    .filter((statement) => ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))
    .map((statement) => statement.moduleSpecifier)
    .filter((specifier) => specifier && ts.isStringLiteral(specifier))
    .map((specifier) => specifier.text);
}
const edges = new Map();
for (const file of files) {
  edges.set(file, [
    ...new Set(
      staticImports(file)
        .map((specifier) => resolve(file, specifier))
        .filter(Boolean),
    ),
  ]);
}

// Tarjan's strongly connected components: each component of more than one file holds a cycle.
let index = 0;
const indexOf = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
function visit(file) {
  indexOf.set(file, index);
  low.set(file, index++);
  stack.push(file);
  onStack.add(file);
  for (const next of edges.get(file) ?? []) {
    if (!indexOf.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), indexOf.get(next)));
  }
  if (low.get(file) === indexOf.get(file)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) components.push(component);
  }
}
for (const file of files) if (!indexOf.has(file)) visit(file);

if (components.length === 0) {
  console.log(`import cycles: none in ${files.length} files`);
} else {
  console.error(
    `import cycles: ${components.length} (type-only imports count; move the shared types to a file both import)`,
  );
  for (const component of components)
    console.error(
      `  ${component
        .map((file) => path.relative(root, file))
        .sort()
        .join('\n    ')}`,
    );
  process.exit(1);
}
