export * from "./dataset.js";
export { registerViewCommand } from "./cli.js";
