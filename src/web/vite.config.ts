/**
 * Vite build of the browser game (build time only; the server serves the output as static
 * files and never needs Vite at runtime once `dist/web` exists). `gf01 serve` builds with this
 * config through Vite's JS API when `dist/web/index.html` is missing.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  base: "./",
  logLevel: "warn",
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL("../../dist/web", import.meta.url)),
    emptyOutDir: true,
    // Stable file names: the server sets no-cache on index.html and the bundle is tiny.
    rollupOptions: { output: { entryFileNames: "app.js", assetFileNames: "[name][extname]" } },
    target: "es2022",
    sourcemap: false,
    reportCompressedSize: false,
  },
});
