import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig } from 'vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'

export default defineConfig({
  plugins: [
    svelte(),
    // The build empties dist/; put back the committed placeholder that lets a fresh clone's
    // `go build` embed frontend/dist before any frontend build.
    { name: 'keep-gitkeep', closeBundle() { writeFileSync(resolve(import.meta.dirname, 'dist/.gitkeep'), '') } },
  ],
  build: { chunkSizeWarningLimit: 2000 },
  test: { include: ['src/**/*.test.ts'], environment: 'node' },
})
