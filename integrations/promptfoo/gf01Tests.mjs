/**
 * promptfoo test generator: one test per instance of a GF-01 bundle, for gf01Provider.mjs.
 * The bundle is `config.instances` (tests: [{ path: file://gf01Tests.mjs, config: { instances } }])
 * or the environment variable GF01_INSTANCES. Bundle order; ids as the bundle has them.
 */
import { api } from "oraclebench/gf01";

export default async function gf01Tests(config = {}) {
  const instances = config?.instances ?? process.env.GF01_INSTANCES;
  if (!instances) throw new Error("gf01Tests: give config.instances or GF01_INSTANCES (a bundle file)");
  const bundle = await api.loadBundle(instances);
  return bundle.instances.map((inst) => ({
    description: `GF-01 ${inst.instance_id} (${inst.mode}, t*=${inst.t_star})`,
    vars: { instances, instance_id: inst.instance_id },
  }));
}
