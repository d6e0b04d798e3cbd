/**
 * promptfoo provider: GF-01 online play inside `callApi` (docs/integrations.md, "promptfoo").
 *
 * promptfoo makes one call per test; a GF-01 episode is many model calls (one per timestep), so
 * the whole episode is played here, by oraclebench's LLM agent (its versioned prompts, not
 * promptfoo's prompt: the `prompt` argument is ignored) against the model server in `config`.
 * The output is the committed certificate (JSON); `metadata.row` is the run_record row
 * (verdict and metrics from the exact verifier), `metadata.certificate` the certificate.
 * A failed episode (dead endpoint, bad key) is returned as `error`, never as an answer.
 *
 *   providers:
 *     - id: file://gf01Provider.mjs
 *       label: gf01-qwen-EVAL-CB
 *       config: { model: "openai:qwen2.5-7b", base_url: "http://localhost:8000/v1",
 *                 eval_track: EVAL-CB, protocol: commit_only }
 *   tests: file://gf01Tests.mjs      (vars: instances, instance_id)
 *
 * Keep one provider (agent) and one eval track per promptfoo run: its table pools the rows.
 */
import { engineFromOptions } from "oraclebench/engine";
import { api, play } from "oraclebench/gf01";

export default class Gf01Provider {
  constructor(options = {}) {
    this.providerId = options.id ?? "gf01-online";
    this.config = options.config ?? {};
    this.label = options.label;
  }

  id() {
    return this.providerId;
  }

  async callApi(_prompt, context) {
    const vars = context?.vars ?? {};
    const c = this.config;
    const instances = vars.instances ?? c.instances;
    const instanceId = vars.instance_id;
    if (!instances || !instanceId) return { error: "gf01 provider: the test needs vars.instances and vars.instance_id" };
    let client;
    try {
      const bundle = await api.loadBundle(instances);
      const inst = bundle.byId.get(String(instanceId));
      if (!inst) return { error: `gf01 provider: instance ${instanceId} is not in ${instances}` };
      const e = await engineFromOptions({
        model: c.model ?? "openai:default",
        baseUrl: c.base_url,
        apiKeyEnv: c.api_key_env,
        maxRetries: c.max_retries === undefined ? undefined : String(c.max_retries),
        timeoutS: c.timeout_s === undefined ? undefined : String(c.timeout_s),
      });
      client = e.client;
      const track = c.eval_track ?? "EVAL-CB";
      const agent = play.llmAgent({
        client: e.client,
        params: e.params,
        track,
        scratchpad: !!c.scratchpad,
        retry: e.run.retry,
        timeoutMs: e.run.timeoutMs,
        name: c.agent_name,
      });
      const r = await play.playBundle({
        bundle: { ...bundle, instances: [inst] },
        agent,
        evalTrack: track,
        protocol: c.protocol ?? "commit_only",
        exploreEpisodes: c.explore_episodes ?? 3,
        gitCommit: c.git_commit ?? "promptfoo",
      });
      const row = r.rows[0];
      if (!r.ok || !row) {
        const first = Array.isArray(r.payload.errors) ? r.payload.errors[0] : undefined;
        return { error: `gf01 provider: episode failed: ${first?.message ?? r.payload.message ?? r.payload.status}` };
      }
      return {
        output: JSON.stringify(row.certificate),
        metadata: { certificate: row.certificate, row },
      };
    } catch (err) {
      return { error: `gf01 provider: ${err?.message ?? String(err)}` };
    } finally {
      await client?.close?.();
    }
  }
}
