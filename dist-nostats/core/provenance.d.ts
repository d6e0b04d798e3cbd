export declare const BUILD_INFO_FILE = "build-info.json";
export interface BuildInfo {
    name: string;
    version: string;
    /** `git rev-parse HEAD` of the checkout that was built, or "unknown". */
    git_commit: string;
}
/** The folder of the nearest package.json named oraclebench above `from`, if any. */
export declare function packageRoot(from?: string): string | undefined;
/** The toolkit's own commit (see the module comment); computed once per process. */
export declare function toolkitCommit(modulePath?: string): string;
