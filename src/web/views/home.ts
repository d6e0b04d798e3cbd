/// <reference lib="dom" />
/** Home page: bundles and their instances (public descriptors only), protocol, player id. */
import { h } from "preact";
import { useEffect, useState } from "preact/hooks";
import { api, type Catalog, type CatalogBundle, type CatalogInstance } from "../api.js";

const PLAYER_RE = /^[A-Za-z0-9_-]{0,32}$/;

function initialPlayer(): string {
  const fromUrl = new URLSearchParams(location.search).get("player");
  if (fromUrl !== null && PLAYER_RE.test(fromUrl)) {
    localStorage.setItem("gf01.player", fromUrl);
    return fromUrl;
  }
  return localStorage.getItem("gf01.player") ?? "";
}

/** A random pseudonymous id for this browser, created once and kept in localStorage. */
export function anonymousId(): string {
  let id = localStorage.getItem("gf01.anon");
  if (!id || !/^anon-[0-9a-f]{8}$/.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(4));
    id = `anon-${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
    localStorage.setItem("gf01.anon", id);
  }
  return id;
}

export function Home(props: { go: (hash: string) => void }) {
  const [cat, setCat] = useState<Catalog | null>(null);
  const [err, setErr] = useState("");
  const [protocol, setProtocol] = useState("commit_only");
  // A study link may carry the player id (`/?player=p017`); it is remembered on this device.
  const [player, setPlayer] = useState(() => initialPlayer());
  useEffect(() => {
    api
      .catalog()
      .then(setCat)
      .catch((e: Error) => setErr(e.message));
  }, []);
  const playerOk = PLAYER_RE.test(player);

  const start = async (b: CatalogBundle, inst: CatalogInstance) => {
    if (!playerOk) return;
    localStorage.setItem("gf01.player", player);
    try {
      const s = await api.create(b.key, {
        instance_id: inst.instance_id,
        protocol,
        agent_name: "human-web",
        // No id typed: this browser's own anonymous id, so two people never share one name.
        player_id: player || anonymousId(),
      });
      props.go(`#/play/${encodeURIComponent(b.key)}/${encodeURIComponent(s.session_id)}`);
    } catch (e) {
      setErr((e as Error).message);
    }
  };

  return h(
    "main",
    { class: "page home" },
    h("h1", null, "GF-01: change the inputs, hit the target"),
    h(
      "p",
      { class: "lead" },
      "A hidden machine reads a row of inputs each step and lights some outputs. Your goal panel says which output must read 1 and when. Change as few inputs as you can to make it happen.",
    ),
    h(
      "form",
      { class: "settings", onSubmit: (e: Event) => e.preventDefault() },
      h(
        "label",
        null,
        "Protocol ",
        h(
          "select",
          {
            value: protocol,
            onChange: (e: Event) => setProtocol((e.target as HTMLSelectElement).value),
            "data-testid": "protocol",
          },
          h("option", { value: "commit_only" }, "one scored run (standard)"),
          h(
            "option",
            { value: "explore_then_commit" },
            `practice first (${cat?.explore_episodes ?? 3} unscored rollouts), then one scored run`,
          ),
        ),
      ),
      h(
        "label",
        null,
        "Player id (pseudonymous; empty: an anonymous id for this browser) ",
        h("input", {
          value: player,
          maxLength: 32,
          placeholder: "e.g. p017",
          "aria-invalid": !playerOk,
          onInput: (e: Event) => setPlayer((e.target as HTMLInputElement).value),
          "data-testid": "player",
        }),
      ),
      playerOk
        ? null
        : h(
            "p",
            { class: "error", role: "alert" },
            "Letters, digits, - and _ only (max 32). No names or e-mail addresses.",
          ),
    ),
    err ? h("p", { class: "error", role: "alert" }, err) : null,
    cat
      ? cat.bundles.map((b) =>
          h(
            "section",
            { key: b.key, class: "bundle" },
            h("h2", null, b.name, b.split_id ? h("small", null, ` ${b.split_id}`) : null),
            h(
              "table",
              { class: "instances" },
              h(
                "thead",
                null,
                h(
                  "tr",
                  null,
                  [
                    "#",
                    "instance",
                    "mode",
                    "steps",
                    "target step",
                    "budget (steps / changes)",
                    "inputs",
                    "",
                  ].map((c) => h("th", { key: c, scope: "col" }, c)),
                ),
              ),
              h(
                "tbody",
                null,
                b.instances.map((i) =>
                  h(
                    "tr",
                    { key: i.instance_id },
                    h("td", null, String(i.index)),
                    h("td", null, h("code", null, i.instance_id)),
                    h("td", null, i.mode),
                    h("td", null, String(i.T)),
                    h("td", null, String(i.t_star)),
                    h("td", null, `${i.budget_timestep} / ${i.budget_atoms ?? "∞"}`),
                    h("td", null, String(i.input_count)),
                    h(
                      "td",
                      null,
                      h(
                        "button",
                        {
                          type: "button",
                          class: "primary",
                          disabled: !playerOk,
                          onClick: () => void start(b, i),
                          "data-testid": `play-${b.key}-${i.index}`,
                        },
                        "Play",
                      ),
                    ),
                  ),
                ),
              ),
            ),
          ),
        )
      : err
        ? null
        : h("p", null, "Loading…"),
  );
}
