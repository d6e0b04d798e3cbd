#!/usr/bin/env node
import { Command } from "commander";
export declare function buildProgram(): Command;
export declare function main(argv: string[]): Promise<number>;
