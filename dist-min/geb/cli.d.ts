#!/usr/bin/env node
export { buildProgram, main } from "./cli/main.js";
