import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ModelError } from "../errors.js";
/**
 * Wrap a user function/object as a ModelClient. Its result may be a string or
 * `{ text, usage?, timings?, finish_reason? }`; anything else is an `adapter` error.
 */
export function wrapUserModel(model, descriptor) {
    const call = typeof model === "function"
        ? model
        : typeof model?.complete === "function"
            ? model.complete.bind(model)
            : undefined;
    if (!call) {
        throw new ModelError("adapter", `${descriptor.endpoint}: factory must return a function or an object with complete()`);
    }
    const close = typeof model === "object" && typeof model.close === "function" ? model.close.bind(model) : undefined;
    return {
        descriptor,
        async complete(request, ctx) {
            let out;
            try {
                out = await call(request, ctx);
            }
            catch (e) {
                if (e instanceof ModelError)
                    throw e;
                throw new ModelError("adapter", `${descriptor.model} threw: ${e?.message ?? String(e)}`);
            }
            return coerceResponse(out, descriptor.model);
        },
        close: close
            ? async () => {
                await close();
            }
            : undefined,
    };
}
function coerceResponse(out, who) {
    if (typeof out === "string")
        return { text: out };
    if (out && typeof out === "object" && typeof out.text === "string") {
        const r = out;
        const resp = { text: r.text };
        if (r.usage &&
            typeof r.usage.prompt_tokens === "number" &&
            typeof r.usage.completion_tokens === "number") {
            resp.usage = { prompt_tokens: r.usage.prompt_tokens, completion_tokens: r.usage.completion_tokens };
        }
        if (r.timings)
            resp.timings = { ...r.timings };
        if (typeof r.finish_reason === "string")
            resp.finish_reason = r.finish_reason;
        return resp;
    }
    throw new ModelError("adapter", `${who} returned ${out === null ? "null" : typeof out}, expected a string or {text}`);
}
/** Split `path/to/mod.js:factory` at the last colon (factory defaults to `default`). */
export function parseModuleSpec(spec) {
    const i = spec.lastIndexOf(":");
    // A colon at index 1 is a Windows drive letter, not a separator.
    if (i <= 1)
        return { module: spec, factory: "default" };
    return { module: spec.slice(0, i), factory: spec.slice(i + 1) || "default" };
}
/**
 * Load `module:factory` (a file path relative to `cwd`, or a package name) and build a
 * client from it. The factory receives `options` (from --model-option key=value flags).
 */
export async function loadModuleClient(spec, options = {}, cwd = process.cwd()) {
    const { module, factory } = parseModuleSpec(spec);
    const looksLikePath = module.startsWith(".") || isAbsolute(module) || /\.(m?[jt]s|cjs)$/.test(module);
    const target = looksLikePath ? pathToFileURL(resolve(cwd, module)).href : module;
    let mod;
    try {
        mod = (await import(target));
    }
    catch (e) {
        throw new ModelError("adapter", `cannot import model module ${module}: ${e.message}`);
    }
    const fn = mod[factory];
    if (typeof fn !== "function") {
        throw new ModelError("adapter", `model module ${module} has no exported function ${factory}`);
    }
    const model = await fn(options);
    return wrapUserModel(model, {
        kind: "module",
        model: typeof options.model === "string" ? options.model : factory,
        endpoint: spec,
    });
}
//# sourceMappingURL=module.js.map