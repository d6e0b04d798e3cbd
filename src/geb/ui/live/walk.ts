/**
 * The role/name walk the harness runs inside the page: every interactive element (buttons,
 * links, checkboxes, radios, tabs) with its accessible label, role, box, visibility and
 * whether a click at its centre reaches it (a modal's backdrop covers the main window). Plain
 * JavaScript text for `page.evaluate` (the toolkit's TypeScript has no DOM types); what it
 * returns is mapped to fixture candidates by ./candidates.ts. One round trip per step: the click,
 * then the new elements and the app state.
 */
export const WALK_FN = `(startQuery, clickAt) => {
  // A restart in a task's start state (the app's harness hook), or
  if (startQuery !== null) window.__appStart(startQuery);
  // the action first: a click delivered to whatever element is at the point, as a pointer
  // click would be (a modal's backdrop takes a click aimed at a covered button).
  if (clickAt) {
    const target = document.elementFromPoint(clickAt[0], clickAt[1]);
    if (target) target.click();
  }
  const SEL = 'button, a[href], input[type=checkbox], input[type=radio], [role=tab], [role=button], [role=menuitem]';
  const text = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const implicitRole = (el) => {
    const r = el.getAttribute('role');
    if (r) return r;
    if (el.tagName === 'A') return 'link';
    if (el.tagName === 'INPUT') return el.type === 'radio' ? 'radio' : 'checkbox';
    return 'button';
  };
  const labelOf = (el) => {
    if (el.tagName === 'INPUT') {
      const l = el.labels && el.labels[0];
      return text(l ? l.textContent : '') || text(el.getAttribute('aria-label')) || el.id;
    }
    return text(el.textContent) || text(el.getAttribute('aria-label')) || el.id;
  };
  const out = [];
  document.querySelectorAll(SEL).forEach((el, i) => {
    const r = el.getBoundingClientRect();
    const visible = r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true });
    let clickable = false;
    if (visible) {
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      clickable = !!hit && (hit === el || el.contains(hit) || (hit.tagName === 'LABEL' && hit.control === el));
    }
    const dlg = el.closest('[role=dialog], [role=alertdialog]');
    const panel = el.closest('[role=tabpanel]');
    const region = el.closest('[role=region], [role=toolbar], [role=group], [role=tablist]');
    const z = dlg ? Number(getComputedStyle(dlg).zIndex) : NaN;
    const aria = el.getAttribute('aria-label');
    out.push({
      id: el.id || 'el-' + i,
      role: implicitRole(el),
      label: labelOf(el),
      aria_label: aria === null ? null : text(aria),
      bbox: [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)],
      visible,
      enabled: !el.disabled,
      aria_disabled: el.getAttribute('aria-disabled') === 'true',
      clickable,
      scope: dlg ? dlg.getAttribute('data-scope') || 'dialog' : null,
      scope_title: dlg ? text(dlg.getAttribute('aria-label')) : null,
      modal: !!dlg && dlg.getAttribute('aria-modal') === 'true',
      z_index: Number.isFinite(z) ? z : null,
      panel: panel ? text(panel.getAttribute('aria-label')) : null,
      region: region ? text(region.getAttribute('aria-label')) : null,
      checked: el.tagName === 'INPUT' ? el.checked : null,
      selected: el.hasAttribute('aria-selected') ? el.getAttribute('aria-selected') === 'true' : null,
      pressed: el.hasAttribute('aria-pressed') ? el.getAttribute('aria-pressed') === 'true' : null,
    });
  });
  return { title: text((document.querySelector('h1') || {}).textContent), elements: out, state: window.__appState() };
}`;

/** The walk, after a restart in `startQuery`'s state or a click at `clickAt` ([x, y], viewport pixels). */
export const walkScript = (o: { startQuery?: string; clickAt?: readonly [number, number] } = {}): string =>
  `(${WALK_FN})(${JSON.stringify(o.startQuery ?? null)}, ${JSON.stringify(o.clickAt ?? null)})`;

/** One element as the walk reports it. */
export interface WalkedElement {
  id: string;
  role: string;
  label: string;
  aria_label: string | null;
  bbox: [number, number, number, number];
  visible: boolean;
  enabled: boolean;
  aria_disabled: boolean;
  clickable: boolean;
  scope: string | null;
  scope_title: string | null;
  modal: boolean;
  z_index: number | null;
  panel: string | null;
  region: string | null;
  checked: boolean | null;
  selected: boolean | null;
  pressed: boolean | null;
}

export interface WalkResult {
  title: string;
  elements: WalkedElement[];
  /** The app state (`window.__appState()`): read by the harness, never given to an agent. */
  state: unknown;
}
