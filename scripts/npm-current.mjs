// Exits 0 when frontend/node_modules holds what frontend/package-lock.json asks for (same package,
// same version; an optional package for another platform may be absent), 1 when `npm ci` is needed.
// Compares contents, not file times: a fresh clone or a second worktree sharing node_modules has a
// package-lock.json newer than the install without needing a new one.
// Usage: node scripts/npm-current.mjs [frontend folder]
import { readFileSync } from 'node:fs'
import path from 'node:path'

const dir = process.argv[2] || 'frontend'
let want, have
try {
  want = JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8')).packages || {}
  have = JSON.parse(readFileSync(path.join(dir, 'node_modules/.package-lock.json'), 'utf8')).packages || {}
} catch {
  process.exit(1) // no install yet, or one cut short
}
for (const [name, p] of Object.entries(want)) {
  if (!name.startsWith('node_modules/')) continue
  const got = have[name]
  if (got ? got.version !== p.version : !p.optional) process.exit(1)
}
process.exit(0)
