/// <reference lib="dom" />
/** Browser entry: a tiny hash router over the home page, the game and the results page. */
import { h, render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { Game } from "./views/game.js";
import { Home } from "./views/home.js";
import { ResultsPage } from "./views/result.js";
import { StudyPage } from "./views/study.js";

function App() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    window.addEventListener("hashchange", on);
    return () => window.removeEventListener("hashchange", on);
  }, []);
  const go = (to: string) => {
    location.hash = to;
  };
  const parts = hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  if (parts[0] === "play" && parts[1] && parts[2])
    return h(Game, { key: parts[2], bundle: parts[1], sid: parts[2] });
  if (parts[0] === "results" && parts[1]) return h(ResultsPage, { sid: parts[1] });
  if (parts[0] === "study") return h(StudyPage, { key: parts[1] ?? "", pid: parts[1] ?? "", go });
  return h(Home, { go });
}

const root = document.getElementById("app")!;
root.textContent = "";
render(h(App, null), root);
