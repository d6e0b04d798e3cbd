import type { CallContext, ClientDescriptor, ModelClient, ModelRequest } from "../types.js";
/** What a user factory may return: a function or an object with `complete`. */
export type UserModel = ((request: ModelRequest, ctx: CallContext) => unknown) | {
    complete(request: ModelRequest, ctx: CallContext): unknown;
    close?(): unknown;
};
export type UserModelFactory = (options: Record<string, unknown>) => UserModel | Promise<UserModel>;
/**
 * Wrap a user function/object as a ModelClient. Its result may be a string or
 * `{ text, usage?, timings?, finish_reason? }`; anything else is an `adapter` error.
 */
export declare function wrapUserModel(model: UserModel, descriptor: ClientDescriptor): ModelClient;
/** Split `path/to/mod.js:factory` at the last colon (factory defaults to `default`). */
export declare function parseModuleSpec(spec: string): {
    module: string;
    factory: string;
};
/**
 * Load `module:factory` (a file path relative to `cwd`, or a package name) and build a
 * client from it. The factory receives `options` (from --model-option key=value flags).
 */
export declare function loadModuleClient(spec: string, options?: Record<string, unknown>, cwd?: string): Promise<ModelClient>;
