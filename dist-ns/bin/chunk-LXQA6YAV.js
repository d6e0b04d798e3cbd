import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/core/optional.ts
import { InputError } from "../core/errors.js";
var MissingPackageError = class extends InputError {
  constructor(packageName, feature) {
    super(`${feature} needs the optional package ${packageName}: npm install ${packageName}`);
    this.packageName = packageName;
    this.name = "MissingPackageError";
  }
  packageName;
};
var isNotFound = (e, name) => {
  const err = e;
  return (err?.code === "ERR_MODULE_NOT_FOUND" || err?.code === "MODULE_NOT_FOUND") && String(err.message).includes(name);
};
async function importOptional(name, feature, load) {
  try {
    return await load();
  } catch (e) {
    if (isNotFound(e, name)) throw new MissingPackageError(name, feature);
    throw e;
  }
}
function requireOptional(name, load) {
  try {
    return load();
  } catch (e) {
    if (isNotFound(e, name)) return void 0;
    throw e;
  }
}

export {
  importOptional,
  requireOptional
};
