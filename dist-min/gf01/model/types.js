/**
 * GF-01 domain objects in the official JSON shape (instance_bundle_v1 field names), so
 * artifacts read and write without translation. Hot paths use `CompiledInstance` instead.
 */
export {};
//# sourceMappingURL=types.js.map