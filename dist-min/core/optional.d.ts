/**
 * Optional dependencies: packages a feature needs that a default install leaves out to stay
 * small (package.json `peerDependenciesMeta`). A missing one is a setup problem the user fixes
 * with one command, so it becomes an InputError (exit 2, one line naming the package).
 */
import { InputError } from "./errors.js";
export declare class MissingPackageError extends InputError {
    readonly packageName: string;
    constructor(packageName: string, feature: string);
}
/** `import(name)`, or a MissingPackageError naming the package and the feature that needs it. */
export declare function importOptional<T>(name: string, feature: string, load: () => Promise<T>): Promise<T>;
/** Synchronous variant for CommonJS-style loads (createRequire); `undefined` when absent. */
export declare function requireOptional<T>(name: string, load: () => T): T | undefined;
