/**
 * GF-01-R1 side-scroller: one column per timestep, time running left to right; the board
 * scrolls so the current column stays near the left third. Past columns show the atoms the
 * player committed and the outputs observed; the current column holds the pending choice;
 * the target column and the normal-mode window are marked. Pure function of the board model.
 */
import { h } from "preact";
import type { Column } from "../model.js";

const COL_W = 64;
const LABEL_W = 132;
const ROW_H = 46;
const HEAD_H = 56;
const SECTION_H = 20;
const VIEW_W = 1000;

export interface BoardProps {
  cols: Column[];
  selected: number;
  onCell: (ap: string) => void;
  onSelect: (row: number) => void;
  /** Index of the last column that just got played (flashes once). */
  flash: number | null;
}

export function R1Board(p: BoardProps) {
  const cols = p.cols;
  if (!cols.length) return null;
  const nIn = cols[0].inputs.length;
  const nOut = cols[0].outputs.length;
  const visible = Math.floor((VIEW_W - LABEL_W) / COL_W);
  const T = cols.length;
  const now = cols.findIndex((c) => c.state === "current");
  const cur = now < 0 ? cols.filter((c) => c.state === "past").length : now;
  const offset = Math.max(0, Math.min(cur - Math.floor(visible / 3), T - visible));
  const inTop = HEAD_H + SECTION_H;
  const outTop = inTop + nIn * ROW_H + SECTION_H;
  const height = outTop + nOut * ROW_H + 22;
  const x = (t: number) => LABEL_W + t * COL_W;
  const win = cols.filter((c) => c.inWindow);

  const labels = [
    h("text", { x: 8, y: HEAD_H - 14, class: "lbl dim" }, "step"),
    h("text", { x: 8, y: inTop - 8, class: "lbl section" }, "YOUR INPUTS"),
    ...cols[0].inputs.map((c, i) =>
      h(
        "text",
        { x: 8, y: inTop + i * ROW_H + ROW_H / 2, class: `lbl${i === p.selected ? " sel" : ""}` },
        `${i === p.selected ? "▸ " : ""}${c.ap}`,
      ),
    ),
    h("text", { x: 8, y: outTop - 8, class: "lbl section" }, "OUTPUTS SEEN"),
    ...cols[0].outputs.map((c, j) =>
      h(
        "text",
        { x: 8, y: outTop + j * ROW_H + ROW_H / 2, class: `lbl${c.isEffect ? " goal" : ""}` },
        c.isEffect ? `★ ${c.ap} (goal)` : c.ap,
      ),
    ),
  ];

  const colEls = cols.map((c) => {
    const cx = x(c.t);
    const kids = [];
    if (c.state === "current")
      kids.push(
        h("rect", { x: cx + 2, y: 4, width: COL_W - 4, height: height - 8, rx: 8, class: "now-band" }),
      );
    if (c.isTarget)
      kids.push(
        h("rect", { x: cx + 2, y: 4, width: COL_W - 4, height: height - 8, rx: 8, class: "target-band" }),
      );
    if (p.flash === c.t)
      kids.push(
        h("rect", { x: cx + 2, y: 4, width: COL_W - 4, height: height - 8, rx: 8, class: "flash-band" }),
      );
    kids.push(
      h(
        "text",
        { x: cx + COL_W / 2, y: HEAD_H - 14, class: `tnum${c.state === "current" ? " now" : ""}` },
        String(c.t),
      ),
    );
    // Now and target on one column: two lines (target above, "NOW ▼" pointing at the step
    // number), far enough apart for the 11px labels not to overlap.
    const both = c.state === "current" && c.isTarget;
    if (c.isTarget)
      kids.push(h("text", { x: cx + COL_W / 2, y: both ? 12 : 18, class: "tag target" }, "★ TARGET"));
    if (c.state === "current")
      kids.push(h("text", { x: cx + COL_W / 2, y: both ? 28 : 18, class: "tag now" }, "NOW ▼"));

    c.inputs.forEach((cell, i) => {
      const y = inTop + i * ROW_H + 4;
      const attrs = { "data-t": c.t, "data-ap": cell.ap, "data-kind": "in" };
      if (c.state === "current") {
        const v = cell.draft;
        kids.push(
          h(
            "g",
            {
              ...attrs,
              "data-v": v === null ? "" : String(v),
              "data-state": "current",
              class: `cell in-cur${i === p.selected ? " selected" : ""}`,
              role: "button",
              tabindex: 0,
              "aria-label": `${cell.ap} at step ${c.t}: ${v === null ? "unchanged" : `set to ${v}`}. Click to change.`,
              onClick: () => {
                p.onSelect(i);
                p.onCell(cell.ap);
              },
              onKeyDown: (ev: KeyboardEvent) => {
                if (ev.key === " ") {
                  ev.preventDefault();
                  ev.stopPropagation();
                  p.onSelect(i);
                  p.onCell(cell.ap);
                }
              },
            },
            h("rect", {
              x: cx + 8,
              y,
              width: COL_W - 16,
              height: ROW_H - 8,
              rx: 6,
              class: v === null ? "tile keep" : v === 1 ? "tile one" : "tile zero",
            }),
            h(
              "text",
              { x: cx + COL_W / 2, y: y + ROW_H / 2 - 3, class: `tv${v === 1 ? " inv" : ""}` },
              v === null ? "keep" : String(v),
            ),
          ),
        );
      } else if (c.state === "past") {
        const v = cell.committed;
        kids.push(
          h(
            "g",
            { ...attrs, "data-v": v === null ? "" : String(v), "data-state": "past", class: "cell" },
            v === null
              ? h("text", { x: cx + COL_W / 2, y: y + ROW_H / 2 - 3, class: "tv dim" }, "·")
              : [
                  h("rect", {
                    x: cx + 12,
                    y: y + 4,
                    width: COL_W - 24,
                    height: ROW_H - 16,
                    rx: 4,
                    class: v === 1 ? "tile one" : "tile zero",
                  }),
                  h(
                    "text",
                    { x: cx + COL_W / 2, y: y + ROW_H / 2 - 3, class: `tv${v === 1 ? " inv" : ""}` },
                    String(v),
                  ),
                ],
          ),
        );
      } else {
        kids.push(
          h("rect", { x: cx + 20, y: y + 12, width: COL_W - 40, height: ROW_H - 32, rx: 3, class: "future" }),
        );
      }
    });

    c.outputs.forEach((cell, j) => {
      const y = outTop + j * ROW_H + 4;
      const cyy = y + (ROW_H - 8) / 2;
      if (cell.value === null) {
        kids.push(h("circle", { cx: cx + COL_W / 2, cy: cyy, r: 5, class: "future" }));
        return;
      }
      const v = cell.value;
      kids.push(
        h(
          "g",
          { "data-t": c.t, "data-ap": cell.ap, "data-kind": "out", "data-v": String(v), class: "cell" },
          h("circle", { cx: cx + COL_W / 2, cy: cyy, r: 15, class: v === 1 ? "lamp on" : "lamp off" }),
          h("text", { x: cx + COL_W / 2, y: cyy + 1, class: `tv${v === 1 ? " inv" : ""}` }, String(v)),
          cell.isEffect && c.hit
            ? h("circle", { cx: cx + COL_W / 2, cy: cyy, r: 20, class: "hit-ring" })
            : null,
        ),
      );
    });
    return h("g", { key: c.t, class: `col ${c.state}`, "data-col": c.t }, kids);
  });

  const band =
    win.length > 0
      ? h(
          "g",
          { class: "window" },
          h("rect", {
            x: x(win[0].t),
            y: HEAD_H - 8,
            width: win.length * COL_W,
            height: height - HEAD_H + 4,
            class: "window-band",
          }),
          h("text", { x: x(win[0].t) + 4, y: height - 10, class: "tag window" }, "window"),
        )
      : null;

  return h(
    "svg",
    {
      class: "r1",
      viewBox: `0 0 ${VIEW_W} ${height}`,
      role: "img",
      "aria-label": `Side-scroller board, ${T} steps; now at step ${cur}`,
      "data-view": "R1",
    },
    h("rect", { x: 0, y: 0, width: VIEW_W, height, class: "board-bg" }),
    // The scroll is a CSS transform so it animates (the side-scroller motion).
    h("g", { class: "scroll", style: { transform: `translateX(${-offset * COL_W}px)` } }, band, colEls),
    h("rect", { x: 0, y: 0, width: LABEL_W - 4, height, class: "label-bg" }),
    labels,
    offset > 0 ? h("text", { x: LABEL_W + 2, y: 18, class: "tag dim" }, "◀ earlier") : null,
    offset + visible < T ? h("text", { x: VIEW_W - 60, y: 18, class: "tag dim" }, "later ▶") : null,
  );
}
