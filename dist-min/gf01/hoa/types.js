/**
 * AST of one automaton in the Hanoi Omega-Automata format, version 1 (https://adl.github.io/hoaf/).
 *
 * The tree keeps what the text says (aliases stay aliases, implicit edges stay unlabeled, state
 * labels stay on the state) so `writeHoa` can print it back faithfully; the Mealy reading in
 * mealy.ts resolves the sugar. Source positions are kept out of the tree (see `hoaPosition`) so
 * two automata compare equal with a plain deep-equality whatever text they came from.
 */
const positions = new WeakMap();
/** Where the parser found a state, edge, or label node (undefined for hand-built nodes). */
export function hoaPosition(node) {
    return positions.get(node);
}
export function setHoaPosition(node, pos) {
    positions.set(node, { line: pos.line, col: pos.col });
}
//# sourceMappingURL=types.js.map