/**
 * The URL of a worker-thread entry module next to `from` (an `import.meta.url`). Built code
 * (.js) runs `<name>.js` directly. From TypeScript sources (tsx, vitest) a worker does not
 * inherit the parent's loader, so a small bootstrap registers tsx first, then imports `<name>.ts`.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
export function workerEntryUrl(from, name) {
    if (!from.endsWith(".ts"))
        return new URL(`./${name}.js`, from);
    const api = createRequire(from)
        .resolve("tsx/esm/api")
        .replace(/\.cjs$/, ".mjs");
    const target = new URL(`./${name}.ts`, from).href;
    const boot = `import { register } from ${JSON.stringify(pathToFileURL(api).href)}; register(); await import(${JSON.stringify(target)});`;
    return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}
//# sourceMappingURL=worker-entry.js.map