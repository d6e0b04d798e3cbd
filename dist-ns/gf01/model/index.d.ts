export * from "./certificate.js";
export * from "./compile.js";
export * from "./identity.js";
export * from "./simulate.js";
export * from "./types.js";
