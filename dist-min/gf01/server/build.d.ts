/** Repository root: the nearest ancestor of this module holding package.json and src/web. */
export declare function repoRoot(from?: string): string;
export declare const defaultWebDir: () => string;
export declare const hasWebBuild: (dir: string) => boolean;
/** In a checkout, dist/web is stale when any file in src/web is newer than its index.html. */
export declare function webBuildIsStale(dir: string): boolean;
/** Build the app into `dist/web` with `src/web/vite.config.ts`. Returns the output folder. */
export declare function buildWeb(o?: {
    log?: (line: string) => void;
}): Promise<string>;
/**
 * `dir` if it holds a build; otherwise (or when the default dist/web is older than src/web)
 * build the default `dist/web`. An explicit `dir` is never rebuilt.
 */
export declare function ensureWebBuild(o?: {
    dir?: string;
    rebuild?: boolean;
    log?: (line: string) => void;
}): Promise<string>;
