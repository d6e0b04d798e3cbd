export * from "./dataset.js";
export { registerViewCommand } from "./cli.js";
//# sourceMappingURL=index.js.map