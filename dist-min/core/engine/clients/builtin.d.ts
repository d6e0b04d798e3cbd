import type { ModelClient } from "../types.js";
import { type UserModel } from "./module.js";
/**
 * Built-in deterministic "models": offline agents and baselines behind the same interface,
 * so every pipeline (cache, resume, grading, reports) runs without a server. Families
 * register their own (e.g. GEB's ledger baseline, GF-01's agents) with
 * `registerBuiltinModel`; the engine ships two that work from the prompt alone.
 */
export type BuiltinFactory = (options: Record<string, unknown>) => UserModel;
export declare function registerBuiltinModel(name: string, description: string, factory: BuiltinFactory): void;
export declare function listBuiltinModels(): {
    name: string;
    description: string;
}[];
export declare function createBuiltinClient(name: string, options?: Record<string, unknown>): ModelClient;
/**
 * `ledger-reader`: answers a GEB ledger prompt the way a perfect direct reader would: finds
 * the asked tag in the QUESTION, takes the last SET/CLEAR line for it in the LEDGER section
 * and replies with the JSON the prompt asks for. It sees only the prompt text (like a real
 * model); derived queries (colour, parity, count, reports) are outside what it reads.
 */
export declare function ledgerReaderAnswer(prompt: string): string;
