/**
 * The chart renderer's two libraries behind one module. From a checkout this re-exports the
 * `vega` and `vega-lite` dev dependencies; `npm run build` replaces the compiled file with one
 * minified bundle of both (scripts/bundle-vega.mjs), so an install carries ~1.5 MB instead of
 * vega's ~70 packages (~20 MB on disk). Same vega versions, so the same SVG bytes.
 */
export { logger, None, parse, View } from "vega";
export { compile } from "vega-lite";
