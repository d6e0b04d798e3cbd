/**
 * GF-01-R2 puzzle view: the same board model as R1, laid out as a puzzle board with one row
 * per timestep (time runs downwards). Input tiles on the left, output lamps on the right,
 * target and window marked on the row. Same data, same interactions: a renderer variant under
 * semantic parity (DEC-016, spec §11.1).
 */
import { h } from "preact";
import type { BoardProps } from "./r1.js";

export function R2Board(p: BoardProps) {
  const cols = p.cols;
  if (!cols.length) return null;
  // One fixed grid for every row so the header lines up with the tiles.
  const grid = {
    gridTemplateColumns: `48px ${cols[0].inputs.length * 58}px ${cols[0].outputs.length * 58}px 1fr`,
  };
  const head = h(
    "div",
    { class: "r2-row r2-head", role: "row", style: grid },
    h("span", { class: "r2-t", role: "columnheader" }, "step"),
    h(
      "span",
      { class: "r2-ins", role: "columnheader" },
      cols[0].inputs.map((c, i) =>
        h(
          "span",
          { class: `r2-h${i === p.selected ? " sel" : ""}`, key: c.ap },
          `${i === p.selected ? "▸" : ""}${c.ap}`,
        ),
      ),
    ),
    h(
      "span",
      { class: "r2-outs", role: "columnheader" },
      cols[0].outputs.map((c) =>
        h("span", { class: `r2-h${c.isEffect ? " goal" : ""}`, key: c.ap }, c.isEffect ? `★${c.ap}` : c.ap),
      ),
    ),
    h("span", { class: "r2-mark", role: "columnheader" }, "marks"),
  );
  const rows = cols.map((c) =>
    h(
      "div",
      {
        key: c.t,
        role: "row",
        style: grid,
        class: `r2-row ${c.state}${c.inWindow ? " in-window" : ""}${c.isTarget ? " is-target" : ""}${p.flash === c.t ? " flash" : ""}`,
        "data-col": c.t,
      },
      h("span", { class: "r2-t", role: "rowheader" }, String(c.t)),
      h(
        "span",
        { class: "r2-ins" },
        c.inputs.map((cell, i) => {
          const attrs = { key: cell.ap, "data-t": c.t, "data-ap": cell.ap, "data-kind": "in" };
          if (c.state === "current") {
            const v = cell.draft;
            return h(
              "button",
              {
                ...attrs,
                type: "button",
                "data-state": "current",
                "data-v": v === null ? "" : String(v),
                class: `r2-tile cur ${v === null ? "keep" : v === 1 ? "one" : "zero"}${i === p.selected ? " selected" : ""}`,
                "aria-label": `${cell.ap} at step ${c.t}: ${v === null ? "unchanged" : `set to ${v}`}. Click to change.`,
                onClick: () => {
                  p.onSelect(i);
                  p.onCell(cell.ap);
                },
              },
              v === null ? "keep" : String(v),
            );
          }
          if (c.state === "past") {
            const v = cell.committed;
            return h(
              "span",
              {
                ...attrs,
                "data-state": "past",
                "data-v": v === null ? "" : String(v),
                class: `r2-tile ${v === null ? "unset" : v === 1 ? "one" : "zero"}`,
              },
              v === null ? "·" : String(v),
            );
          }
          return h("span", { key: cell.ap, class: "r2-tile future" }, "");
        }),
      ),
      h(
        "span",
        { class: "r2-outs" },
        c.outputs.map((cell) =>
          cell.value === null
            ? h("span", { key: cell.ap, class: "r2-lamp future" }, "")
            : h(
                "span",
                {
                  key: cell.ap,
                  "data-t": c.t,
                  "data-ap": cell.ap,
                  "data-kind": "out",
                  "data-v": String(cell.value),
                  class: `r2-lamp ${cell.value === 1 ? "on" : "off"}${cell.isEffect && c.hit ? " hit" : ""}`,
                },
                String(cell.value),
              ),
        ),
      ),
      h(
        "span",
        { class: "r2-mark" },
        [
          c.state === "current" ? "◀ NOW" : "",
          c.isTarget ? "★ TARGET" : "",
          c.inWindow ? "window" : "",
          c.hit ? "✓ goal" : "",
        ]
          .filter(Boolean)
          .join(" · "),
      ),
    ),
  );
  return h(
    "div",
    { class: "r2", role: "table", "aria-label": "Puzzle board, one row per step", "data-view": "R2" },
    head,
    rows,
  );
}
