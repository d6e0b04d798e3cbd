// Drives the promptfoo modules as promptfoo calls them (generator → callApi → assertion), in a
// promptfoo project folder (tests/interop/promptfoo-project.ts). argv: bundle, base URL, GEB
// data, GEB outputs (JSONL {id, output}), a dead base URL. Prints one JSON object.
import { readFileSync } from "node:fs";
import gebGraded from "./gebGraded.mjs";
import gebTests from "./gebTests.mjs";
import gf01Certified from "./gf01Certified.mjs";
import Gf01Provider from "./gf01Provider.mjs";
import gf01Tests from "./gf01Tests.mjs";

const [bundle, baseUrl, data, outputsFile, deadUrl] = process.argv.slice(2);
const out = { gf01: [], geb: [], dead: null, providerId: null };
const p = new Gf01Provider({
  id: "file://gf01Provider.mjs",
  config: { model: "openai:fake", base_url: baseUrl },
});
out.providerId = p.id();
for (const t of await gf01Tests({ instances: bundle })) {
  const r = await p.callApi("promptfoo's prompt (ignored)", { vars: t.vars });
  const a = r.error ? null : await gf01Certified(r.output, { vars: t.vars, providerResponse: r });
  out.gf01.push({ description: t.description, vars: t.vars, response: r, assertion: a });
}
const dead = new Gf01Provider({ config: { model: "openai:fake", base_url: deadUrl, max_retries: 0 } });
const first = (await gf01Tests({ instances: bundle }))[0];
out.dead = await dead.callApi("", { vars: first.vars });
const outputs = new Map(
  readFileSync(outputsFile, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l))
    .map((r) => [r.id, r.output]),
);
for (const t of await gebTests({ data })) {
  const output = outputs.get(t.vars.id) ?? "";
  out.geb.push({
    vars: { id: t.vars.id, question: t.vars.question },
    bookLength: t.vars.book.length,
    assertion: await gebGraded(output, { vars: t.vars }),
  });
}
process.stdout.write(JSON.stringify(out));
