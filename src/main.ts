/** `npm start`: the main job on built-in defaults (filled in as the families land). */
console.log("oraclebench: GF-01 demo pending");
