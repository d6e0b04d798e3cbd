/// <reference lib="dom" />
/** Home page: bundles and their instances (public descriptors only), protocol, player id. */
import { h } from "preact";
import { useEffect, useState } from "preact/hooks";
import { type Catalog, type CatalogBundle, type CatalogInstance, api } from "../api.js";

const PLAYER_RE = /^[A-Za-z0-9_-]{0,32}$/;

export function Home(props: { go: (hash: string) => void }) {
  const [cat, setCat] = useState<Catalog | null>(null);
  const [err, setErr] = useState("");
  const [protocol, setProtocol] = useState("commit_only");
  const [player, setPlayer] = useState(() => localStorage.getItem("gf01.player") ?? "");
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
        agent_name: player ? `human-web:${player}` : "human-web",
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
        "Player id (optional, pseudonymous) ",
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
