/**
 * Optional dependencies: packages a feature needs that a default install leaves out to stay
 * small (package.json `peerDependenciesMeta`). A missing one is a setup problem the user fixes
 * with one command, so it becomes an InputError (exit 2, one line naming the package).
 */
import { InputError } from "./errors.js";
export class MissingPackageError extends InputError {
    packageName;
    constructor(packageName, feature) {
        super(`${feature} needs the optional package ${packageName}: npm install ${packageName}`);
        this.packageName = packageName;
        this.name = "MissingPackageError";
    }
}
const isNotFound = (e, name) => {
    const err = e;
    return ((err?.code === "ERR_MODULE_NOT_FOUND" || err?.code === "MODULE_NOT_FOUND") &&
        String(err.message).includes(name));
};
/** `import(name)`, or a MissingPackageError naming the package and the feature that needs it. */
export async function importOptional(name, feature, load) {
    try {
        return await load();
    }
    catch (e) {
        if (isNotFound(e, name))
            throw new MissingPackageError(name, feature);
        throw e;
    }
}
/** Synchronous variant for CommonJS-style loads (createRequire); `undefined` when absent. */
export function requireOptional(name, load) {
    try {
        return load();
    }
    catch (e) {
        if (isNotFound(e, name))
            return undefined;
        throw e;
    }
}
//# sourceMappingURL=optional.js.map